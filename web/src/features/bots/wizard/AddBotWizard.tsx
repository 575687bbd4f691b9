import { Button, Callout, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "../../../i18n/index.ts";
import { createBot } from "../api.ts";
import { areaLabel, shortName } from "../settings/areas.ts";
import { useBotCache } from "../useBots.ts";
import type { GroupOffer } from "../useCodeParameter.ts";
import styles from "./AddBotWizard.module.css";
import { GroupWizard } from "./GroupWizard.tsx";
import { type BotPreset, suggestedName } from "./preset.ts";
import { SearchStep } from "./SearchStep.tsx";
import { Stepper } from "./Stepper.tsx";
import { asPreset, searchBody } from "./search.ts";
import { MethodStep, NameStep, WatchingStep } from "./steps.tsx";
import { useSearchForm } from "./useSearchForm.ts";

// 'Let's add a new bot': 0 choose method → 1 name → 2 what to watch, then create → 3 confirmation.
// Back returns one step. The bot is created with its search in one call, so it is never
// live without areas: Create stays disabled until the search passes Bot Settings' rules.
//
// With a preset (a property search) it opens at the name, which it suggests from the
// search, and the search step starts from the search's settings.

/** The steps' labels in the catalogue ("wizard.<key>"). */
const STEPS = ["stepMethod", "stepName", "stepSearch", "stepDone"] as const;

interface Props {
  isOpen: boolean;
  /** A message to show on opening, e.g. 'Verification failed' after a bad `code` parameter. */
  notice?: string;
  /** Settings from a property search: the bot is created with them. */
  preset?: BotPreset;
  /** A Telegram group's code from a link: the wizard asks to confirm its group instead. */
  group?: GroupOffer;
  onClose: () => void;
}

export function AddBotWizard({ isOpen, notice, preset, group, onClose }: Props) {
  const { t } = useTranslation("bots");
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t("wizard.title")} icon="add" className={styles.dialog}>
      {/* Mounted only while open, so every opening starts afresh (at the method choice, or a preset's name). */}
      {isOpen && group ? <GroupWizard group={group} onClose={onClose} /> : null}
      {isOpen && !group ? <Wizard notice={notice} preset={preset} onClose={onClose} /> : null}
    </Dialog>
  );
}

function Wizard({ notice, preset, onClose }: Omit<Props, "isOpen" | "group">) {
  const { t } = useTranslation("bots");
  const cache = useBotCache();
  const navigate = useNavigate();
  const [step, setStep] = useState(preset ? 1 : 0);
  // null until the user types: the suggestion from the search shows meanwhile (a preset's).
  const [typed, setTyped] = useState<string | null>(preset ? null : "");
  const [description, setDescription] = useState("");
  const search = useSearchForm(preset);
  const { form, errors } = search;
  const options = search.neighborhoods.data ?? [];

  const areaNames = form.neighborhoodCodes.flatMap((code) => {
    const option = options.find((o) => o.code === code);
    return option ? [shortName(areaLabel(option))] : [];
  });
  const name = typed ?? (preset ? suggestedName(asPreset(form), areaNames) : "");

  const create = useMutation({
    mutationFn: () => createBot(name, description.trim(), form.choices, searchBody(form)),
    onSuccess: (bot) => {
      cache.put(bot);
      setStep(3);
    },
  });

  const blank = name.trim() === "";
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 1 && !blank) setStep(2);
    else if (step === 2 && errors.length === 0 && !create.isPending) create.mutate();
  };
  const back = () => {
    create.reset();
    setStep(step - 1);
  };

  let body: React.ReactNode;
  let actions: React.ReactNode;
  if (step === 0) {
    body = <MethodStep onWebsite={() => setStep(1)} />;
    actions = <Button onClick={onClose}>{t("wizard.cancel")}</Button>;
  } else if (step === 1) {
    body = (
      <NameStep name={name} description={description} onName={setTyped} onDescription={setDescription} />
    );
    actions = (
      <>
        <Button onClick={back} icon="arrow-left">
          {t("wizard.back")}
        </Button>
        <Button type="submit" intent="primary" disabled={blank} endIcon="arrow-right">
          {t("wizard.next")}
        </Button>
      </>
    );
  } else if (step === 2 || !create.data) {
    body = <SearchStep {...search} preset={preset} />;
    actions = (
      <>
        <Button onClick={back} icon="arrow-left">
          {t("wizard.back")}
        </Button>
        <Button
          type="submit"
          intent="primary"
          disabled={errors.length > 0}
          loading={create.isPending}
          endIcon="tick"
        >
          {t("wizard.create")}
        </Button>
      </>
    );
  } else {
    const bot = create.data;
    const go = (path: string) => {
      onClose();
      navigate(path);
    };
    body = <WatchingStep bot={bot} />;
    actions = (
      <>
        <Button onClick={preset ? () => go("/bots") : onClose}>
          {preset ? t("wizard.myBots") : t("wizard.done")}
        </Button>
        <Button intent="primary" icon="chat" onClick={() => go(`/chats/${encodeURIComponent(bot.chatId)}`)}>
          {t("wizard.openChat")}
        </Button>
      </>
    );
  }

  const error = create.error?.message ?? (step === 0 ? notice : undefined);
  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogBody>
        <Stepper steps={STEPS.map((key) => t(`wizard.${key}`))} current={step} />
        {error ? (
          <Callout intent="danger" icon="error" role="alert" className={styles.error}>
            {error}
          </Callout>
        ) : null}
        {body}
      </DialogBody>
      <DialogFooter actions={actions} />
    </form>
  );
}
