import { Button, Callout, FormGroup, Intent, TextArea } from "@blueprintjs/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import clsx from "clsx";
import { useState } from "react";
import { useTranslation } from "../../i18n/index.ts";
import { chatsKey, listChats, sendDirect, type TelegramChat, telegramKey } from "./api.ts";
import { ChatSelect } from "./ChatSelect.tsx";
import styles from "./DirectForm.module.css";
import { preview } from "./Formatted.tsx";
import shared from "./shared.module.css";
import { messageOf, textOf, typedDir } from "./texts.ts";

// The Direct Message tab: Markdown to one chat, with the preview Telegram will show and its
// refusal of Markdown it cannot send (an unclosed **, a link that is not http(s)) before sending.

export function DirectForm() {
  const { t } = useTranslation("telegram");
  const client = useQueryClient();
  const chats = useQuery({ queryKey: chatsKey, queryFn: ({ signal }) => listChats(signal) });
  const [chat, setChat] = useState<TelegramChat | null>(null);
  const [content, setContent] = useState("");
  const [missing, setMissing] = useState(false);
  const send = useMutation({
    mutationFn: (to: TelegramChat) => sendDirect(content, to.chatId),
    onSuccess: () => {
      setContent("");
      void client.invalidateQueries({ queryKey: telegramKey });
    },
  });
  const shown = content.trim() ? preview(content) : undefined;
  const reset = () => {
    setMissing(false);
    send.reset();
  };

  return (
    <form
      className={shared.form}
      onSubmit={(e) => {
        e.preventDefault();
        if (!content.trim() || !chat) return setMissing(true);
        if (shown?.ok === false) return;
        send.mutate(chat);
      }}
    >
      <FormGroup label={t("direct.chat")} labelFor="tg-direct-chat">
        <ChatSelect
          chats={chats.data ?? []}
          value={chat}
          loading={chats.isPending}
          onChange={(c) => {
            setChat(c);
            reset();
          }}
        />
        {chats.isError ? <p className={shared.error}>{textOf("chatsFailed")}</p> : null}
      </FormGroup>
      <div className={styles.direct}>
        <FormGroup label={t("direct.message")} labelFor="tg-direct-text" helperText={t("direct.help")}>
          <TextArea
            id="tg-direct-text"
            fill
            rows={7}
            maxLength={8000}
            placeholder={t("direct.placeholder")}
            dir={typedDir(content)}
            value={content}
            intent={shown?.ok === false ? Intent.DANGER : Intent.NONE}
            onChange={(e) => {
              setContent(e.currentTarget.value);
              reset();
            }}
          />
        </FormGroup>
        <section className={styles.preview} aria-label={t("direct.preview")}>
          <h4 className={styles.title}>{t("direct.preview")}</h4>
          <div
            className={clsx(shared.bubble, shared.out, styles.bubble)}
            dir={shown?.ok ? "auto" : undefined}
          >
            {shown?.ok ? shown.nodes : <span className={styles.placeholder}>{t("direct.previewEmpty")}</span>}
          </div>
        </section>
      </div>
      {missing ? (
        <Callout intent="danger" icon="error" role="alert" className={shared.callout}>
          {textOf("directMissing")}
        </Callout>
      ) : shown?.ok === false ? (
        <Callout intent="danger" icon="error" role="alert" className={shared.callout}>
          {shown.error}
        </Callout>
      ) : send.isError ? (
        <Callout intent="danger" icon="error" role="alert" className={shared.callout}>
          {messageOf(send.error, textOf("sendFailed"))}
        </Callout>
      ) : send.isSuccess ? (
        <Callout intent="success" icon="tick-circle" role="status" className={shared.callout}>
          {textOf("sent")}
        </Callout>
      ) : null}
      <div className={shared.actions}>
        <Button type="submit" intent="primary" icon="send-message" loading={send.isPending}>
          {t("direct.send")}
        </Button>
      </div>
    </form>
  );
}
