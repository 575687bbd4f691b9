import { Button, Callout, DialogBody, DialogFooter } from "@blueprintjs/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "../../../i18n/index.ts";
import { verifyCode } from "../api.ts";
import { useBotCache } from "../useBots.ts";
import type { GroupOffer } from "../useCodeParameter.ts";
import styles from "./AddBotWizard.module.css";
import { SearchStep } from "./SearchStep.tsx";
import { Stepper } from "./Stepper.tsx";
import { searchBody } from "./search.ts";
import { GroupStep, WatchingStep } from "./steps.tsx";
import { useSearchForm } from "./useSearchForm.ts";

// The messaging-app path: a Telegram group's code from a link. 0 confirm the group → 1 what to
// watch, then add → 2 confirmation. The bot is created only then (GET /verifycode with the search),
// so it is never live without areas; closing the wizard adds nothing and leaves the code unused.

const STEPS = ["stepConfirmGroup", "stepSearch", "stepDone"] as const;

export function GroupWizard({ group, onClose }: { group: GroupOffer; onClose: () => void }) {
  const { t } = useTranslation("bots");
  const cache = useBotCache();
  const [step, setStep] = useState(0);
  const search = useSearchForm();
  const add = useMutation({
    mutationFn: () => verifyCode(group.code, searchBody(search.form)),
    onSuccess: (bot) => {
      cache.put(bot);
      setStep(2);
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 0) setStep(1);
    else if (step === 1 && search.errors.length === 0 && !add.isPending) add.mutate();
  };
  const back = () => {
    add.reset();
    setStep(0);
  };

  let body: React.ReactNode;
  let actions: React.ReactNode;
  if (step === 0) {
    body = <GroupStep chatName={group.chatName} />;
    actions = (
      <>
        <Button onClick={onClose}>{t("wizard.cancel")}</Button>
        <Button type="submit" intent="primary" endIcon="arrow-right">
          {t("wizard.next")}
        </Button>
      </>
    );
  } else if (step === 1 || !add.data) {
    body = <SearchStep {...search} />;
    actions = (
      <>
        <Button onClick={back} icon="arrow-left">
          {t("wizard.back")}
        </Button>
        <Button
          type="submit"
          intent="primary"
          icon="add"
          disabled={search.errors.length > 0}
          loading={add.isPending}
        >
          {t("wizard.addBot")}
        </Button>
      </>
    );
  } else {
    body = <WatchingStep bot={add.data} group />;
    actions = (
      <Button intent="primary" onClick={onClose}>
        {t("wizard.done")}
      </Button>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogBody>
        <Stepper steps={STEPS.map((key) => t(`wizard.${key}`))} current={step} />
        {add.error ? (
          <Callout intent="danger" icon="error" role="alert" className={styles.error}>
            {add.error.message}
          </Callout>
        ) : null}
        {body}
      </DialogBody>
      <DialogFooter actions={actions} />
    </form>
  );
}
