import { Button, Callout, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "../../../i18n/index.ts";
import { type Bot, type BotChoices, createBot, updateBot } from "../api.ts";
import { areaLabel, shortName } from "../settings/areas.ts";
import { ChoicesField, NO_CHOICES } from "../settings/ChoicesField.tsx";
import { useBotCache, useNeighborhoods } from "../useBots.ts";
import type { GroupOffer } from "../useCodeParameter.ts";
import styles from "./AddBotWizard.module.css";
import { GroupWizard } from "./GroupWizard.tsx";
import { PresetFields } from "./PresetFields.tsx";
import { type BotPreset, presetPatch, suggestedName } from "./preset.ts";
import { Stepper } from "./Stepper.tsx";
import { DoneStep, MethodStep, NameStep, PresetDoneStep } from "./steps.tsx";

// 'Let's add a new bot': 0 choose method → 1 name, then create → 2 confirmation. Back
// from the name returns to the method choice; Next is disabled while the name is blank.
//
// With a preset (a property search, issue 12) it opens at the name, which it suggests from the
// search, shows the search's settings with its areas (at least one is needed), and once the bot is
// created saves those settings (PATCH /api/requests/{id}); the confirmation then offers its chat.

/** The steps' labels in the catalogue ("wizard.<key>"). */
const STEPS = ["stepMethod", "stepName", "stepDone"] as const;

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

/** A bot and, for a preset, why its settings could not be saved (the bot exists either way). */
interface Created {
  bot: Bot;
  settingsError: string | null;
}

function Wizard({ notice, preset, onClose }: Omit<Props, "isOpen" | "group">) {
  const { t } = useTranslation("bots");
  const cache = useBotCache();
  const navigate = useNavigate();
  const [step, setStep] = useState(preset ? 1 : 0);
  // null until the user types: the preset's suggestion shows meanwhile (area names load later).
  const [typed, setTyped] = useState<string | null>(preset ? null : "");
  const [description, setDescription] = useState("");
  const [choices, setChoices] = useState<BotChoices>(NO_CHOICES);
  const [codes, setCodes] = useState<number[]>(() => preset?.neighborhoodCodes ?? []);
  const [created, setCreated] = useState<Created | null>(null);
  const neighborhoods = useNeighborhoods();
  const options = neighborhoods.data ?? [];

  const areaNames = codes.flatMap((code) => {
    const option = options.find((o) => o.code === code);
    return option ? [shortName(areaLabel(option))] : [];
  });
  const name = typed ?? (preset ? suggestedName(preset, areaNames) : "");

  const create = useMutation({
    mutationFn: async (): Promise<Created> => {
      const bot = await createBot(name, description.trim(), choices);
      if (!preset) return { bot, settingsError: null };
      try {
        return { bot: await updateBot(bot._id, presetPatch(preset, codes)), settingsError: null };
      } catch (error) {
        return { bot, settingsError: error instanceof Error ? error.message : String(error) };
      }
    },
    onSuccess: (result) => {
      cache.put(result.bot);
      setCreated(result);
      setStep(2);
    },
  });

  const blank = name.trim() === "";
  // A bot from a search is saved with its areas, and a bot needs at least one.
  const incomplete = blank || (preset !== undefined && codes.length === 0);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!incomplete && !create.isPending) create.mutate();
  };
  const back = () => {
    create.reset();
    setStep(0);
  };

  let body: React.ReactNode;
  let actions: React.ReactNode;
  if (step === 0) {
    body = <MethodStep onWebsite={() => setStep(1)} />;
    actions = <Button onClick={onClose}>{t("wizard.cancel")}</Button>;
  } else if (step === 1 || !created) {
    body = (
      <>
        <NameStep name={name} description={description} onName={setTyped} onDescription={setDescription} />
        <ChoicesField value={choices} onChange={setChoices} />
        {preset ? (
          <PresetFields
            preset={preset}
            codes={codes}
            onCodes={setCodes}
            options={options}
            loading={neighborhoods.isPending}
          />
        ) : null}
      </>
    );
    actions = (
      <>
        <Button onClick={back} icon="arrow-left">
          {t("wizard.back")}
        </Button>
        <Button
          type="submit"
          intent="primary"
          disabled={incomplete}
          loading={create.isPending}
          endIcon="arrow-right"
        >
          {t("wizard.next")}
        </Button>
      </>
    );
  } else if (preset) {
    const go = (path: string) => {
      onClose();
      navigate(path);
    };
    body = <PresetDoneStep bot={created.bot} settingsError={created.settingsError} />;
    actions = (
      <>
        <Button onClick={() => go("/bots")}>{t("wizard.myBots")}</Button>
        <Button
          intent="primary"
          icon="chat"
          onClick={() => go(`/chats/${encodeURIComponent(created.bot.chatId)}`)}
        >
          {t("wizard.openChat")}
        </Button>
      </>
    );
  } else {
    body = <DoneStep bot={created.bot} />;
    actions = (
      <Button intent="primary" onClick={onClose}>
        {t("wizard.done")}
      </Button>
    );
  }

  const error = create.error?.message ?? (step === 0 ? notice : undefined);
  return (
    <form onSubmit={onSubmit}>
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
