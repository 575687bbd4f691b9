import { Button, Callout, FormGroup, Intent, TextArea } from "@blueprintjs/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatNumber } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/index.ts";
import { broadcast, type TelegramMessage, telegramKey } from "./api.ts";
import styles from "./BroadcastForm.module.css";
import shared from "./shared.module.css";
import { messageOf, textOf, typedDir } from "./texts.ts";

// The Broadcast tab: plain text to every linked account and registered group. Send is disabled
// while the text is blank; the message says why once the admin has typed and cleared it.

export function BroadcastForm() {
  const { t } = useTranslation("telegram");
  const client = useQueryClient();
  const [content, setContent] = useState("");
  const [touched, setTouched] = useState(false);
  const [done, setDone] = useState<TelegramMessage | null>(null);
  const send = useMutation({
    mutationFn: () => broadcast(content),
    onSuccess: (r) => {
      setDone(r.telegramMessage);
      setContent("");
      setTouched(false);
      void client.invalidateQueries({ queryKey: telegramKey });
    },
  });
  const blank = !content.trim();
  const error = touched && blank ? textOf("empty") : undefined;
  const total = done?.recipients?.total ?? 0;

  return (
    <form
      className={shared.form}
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!blank) send.mutate();
      }}
    >
      <p className={styles.lead}>{t("broadcast.lead")}</p>
      <FormGroup
        label={t("broadcast.message")}
        labelFor="tg-broadcast"
        helperText={
          error ?? t("broadcast.length", { n: formatNumber(content.length), max: formatNumber(4096) })
        }
        intent={error ? Intent.DANGER : Intent.NONE}
      >
        <TextArea
          id="tg-broadcast"
          className={styles.message}
          fill
          autoResize
          rows={5}
          maxLength={4096}
          placeholder={t("broadcast.placeholder")}
          dir={typedDir(content)}
          value={content}
          intent={error ? Intent.DANGER : Intent.NONE}
          onChange={(e) => {
            setContent(e.currentTarget.value);
            setTouched(true);
            send.reset();
          }}
        />
      </FormGroup>
      {send.isError ? (
        <Callout intent="danger" icon="error" role="alert" className={shared.callout}>
          {messageOf(send.error, textOf("broadcastFailed"))}
        </Callout>
      ) : done ? (
        <Callout intent="success" icon="tick-circle" role="status" className={shared.callout}>
          {t("broadcast.going", { sent: textOf("broadcastSent"), count: total })}
        </Callout>
      ) : null}
      <div className={shared.actions}>
        <Button type="submit" intent="primary" icon="send-message" disabled={blank} loading={send.isPending}>
          {t("broadcast.send")}
        </Button>
      </div>
    </form>
  );
}
