import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Switch,
} from "@blueprintjs/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useMemo, useState } from "react";
import { useTranslation } from "../../../i18n/index.ts";
import { type Bot, updateBot } from "../api.ts";
import { useBotCache, useNeighborhoods } from "../useBots.ts";
import styles from "./BotSettingsDialog.module.css";
import { type BotForm, formOf, knownCodes, toPatch, validate } from "./form.ts";
import { SearchFields } from "./SearchFields.tsx";

// Bot Settings: chat name and id read-only, status, price, areas (list or map), minimum
// rooms, private-only. The rules run live; while any fails they are listed and Save is disabled.
// A failed save shows the server's message in the dialog and keeps what the user entered.

export function BotSettingsDialog({ bot, onClose }: { bot: Bot; onClose: () => void }) {
  const { t } = useTranslation("bots");
  return (
    <Dialog isOpen onClose={onClose} title={t("settings.title")} icon="cog" className={styles.dialog}>
      <SettingsForm bot={bot} onClose={onClose} />
    </Dialog>
  );
}

function SettingsForm({ bot, onClose }: { bot: Bot; onClose: () => void }) {
  const { t } = useTranslation("bots");
  const cache = useBotCache();
  const neighborhoods = useNeighborhoods();
  const known = useMemo(
    () => (neighborhoods.data ? new Set(neighborhoods.data.map((o) => o.code)) : null),
    [neighborhoods.data],
  );
  const [form, setForm] = useState<BotForm>(() => formOf(bot, null));
  // Codes that name no option are dropped once the options are known.
  const shown = known ? { ...form, neighborhoodCodes: knownCodes(form.neighborhoodCodes, known) } : form;
  const errors = validate(shown);
  const set = (patch: Partial<BotForm>) => setForm((f) => ({ ...f, ...patch }));

  const save = useMutation({
    mutationFn: () => updateBot(bot._id, toPatch(shown)),
    onSuccess: (saved) => {
      cache.put(saved);
      onClose();
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (errors.length === 0 && !save.isPending) save.mutate();
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogBody>
        {save.isError ? (
          <Callout intent="danger" icon="error" role="alert" className={styles.error}>
            {save.error.message}
          </Callout>
        ) : null}
        <div className={styles.row}>
          <FormGroup label={t("settings.chatName")} labelFor="bot-chat-name">
            <InputGroup id="bot-chat-name" value={bot.chatName} readOnly dir="auto" />
          </FormGroup>
          <FormGroup label={t("settings.chatId")} labelFor="bot-chat-id">
            <InputGroup id="bot-chat-id" value={bot.chatId} readOnly className={styles.mono} />
          </FormGroup>
        </div>
        <FormGroup label={t("settings.status")}>
          <Switch
            checked={form.isActive}
            onChange={(e) => set({ isActive: e.currentTarget.checked })}
            label={form.isActive ? t("settings.running") : t("settings.stopped")}
            large
          />
        </FormGroup>
        <SearchFields
          form={shown}
          onChange={(patch) => setForm((f) => ({ ...f, ...patch }))}
          neighborhoods={neighborhoods}
        />
        {errors.length ? (
          <Callout intent="warning" icon="warning-sign" className={styles.errors} role="status">
            <ul>
              {errors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </Callout>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose}>{t("settings.cancel")}</Button>
            <Button type="submit" intent="primary" disabled={errors.length > 0} loading={save.isPending}>
              {t("settings.save")}
            </Button>
          </>
        }
      />
    </form>
  );
}
