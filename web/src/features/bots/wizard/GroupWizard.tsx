import { Button, Callout, DialogBody, DialogFooter } from "@blueprintjs/core";
import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { useTranslation } from "../../../i18n/index.ts";
import { verifyCode } from "../api.ts";
import { useBotCache } from "../useBots.ts";
import type { GroupOffer } from "../useCodeParameter.ts";
import styles from "./AddBotWizard.module.css";
import { Stepper } from "./Stepper.tsx";
import { DoneStep, GroupStep } from "./steps.tsx";

// The messaging-app path: a Telegram group's code from a link. The bot is created only when the
// person confirms the group it will post to (GET /verifycode); closing the wizard adds nothing.

const STEPS = ["stepConfirmGroup", "stepDone"] as const;

export function GroupWizard({ group, onClose }: { group: GroupOffer; onClose: () => void }) {
  const { t } = useTranslation("bots");
  const cache = useBotCache();
  const add = useMutation({ mutationFn: () => verifyCode(group.code), onSuccess: cache.put });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!add.isPending && !add.data) add.mutate();
  };
  return (
    <form onSubmit={onSubmit}>
      <DialogBody>
        <Stepper steps={STEPS.map((key) => t(`wizard.${key}`))} current={add.data ? 1 : 0} />
        {add.error ? (
          <Callout intent="danger" icon="error" role="alert" className={styles.error}>
            {add.error.message}
          </Callout>
        ) : null}
        {add.data ? <DoneStep bot={add.data} /> : <GroupStep chatName={group.chatName} />}
      </DialogBody>
      <DialogFooter
        actions={
          add.data ? (
            <Button intent="primary" onClick={onClose}>
              {t("wizard.done")}
            </Button>
          ) : (
            <>
              <Button onClick={onClose}>{t("wizard.cancel")}</Button>
              <Button type="submit" intent="primary" icon="add" loading={add.isPending}>
                {t("wizard.addBot")}
              </Button>
            </>
          )
        }
      />
    </form>
  );
}
