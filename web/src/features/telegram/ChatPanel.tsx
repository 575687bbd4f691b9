import {
  Button,
  Callout,
  Card,
  Classes,
  InputGroup,
  NonIdealState,
  Spinner,
  Tag,
  TextArea,
} from "@blueprintjs/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import clsx from "clsx";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/index.ts";
import { Trans } from "../../i18n/trans.ts";
import {
  chatsKey,
  conversationKey,
  getConversation,
  listChats,
  REFRESH_MS,
  sendDirect,
  type TelegramChat,
  telegramKey,
} from "./api.ts";
import styles from "./ChatPanel.module.css";
import { Formatted } from "./Formatted.tsx";
import { chatName, timeOf } from "./format.ts";
import shared from "./shared.module.css";
import { messageOf, textOf, typedDir } from "./texts.ts";

// The admin chat panel (600 px): the chats the bot knows, the most recently active first, and the
// selected one's conversation — what people wrote, the admins' direct messages and the broadcasts
// it was sent — refreshed every 10 s, with a box to write to it (Markdown). A phone shows the list
// or the conversation, with a way back. Names and messages are people's own, in any language: each
// is isolated (<bdi>, dir="auto") so it keeps its own direction and its ellipsis at its own end.

/** A message cut for the list, the ellipsis after its last shown character. */
const PREVIEW_LENGTH = 50;

export function ChatPanel() {
  const { t } = useTranslation("telegram");
  const [selected, setSelected] = useState<string | null>(null);
  const [search, setSearch] = useState("");
  const chats = useQuery({
    queryKey: chatsKey,
    queryFn: ({ signal }) => listChats(signal),
    refetchInterval: REFRESH_MS,
  });
  const q = search.trim().toLowerCase();
  const shown = (chats.data ?? []).filter(
    (c) =>
      !q ||
      chatName(c).toLowerCase().includes(q) ||
      c.chatId.includes(q) ||
      c.user?.fullname.toLowerCase().includes(q),
  );
  const current = chats.data?.find((c) => c.chatId === selected) ?? null;

  return (
    <Card className={clsx(styles.panel, selected && styles.open)} aria-label={t("panel.label")}>
      <aside className={styles.list}>
        <InputGroup
          type="search"
          leftIcon="search"
          placeholder={t("select.search")}
          aria-label={t("select.searchLabel")}
          dir={typedDir(search)}
          value={search}
          onValueChange={setSearch}
          className={styles.search}
        />
        {chats.isPending ? (
          <Spinner size={24} className={shared.spinner} />
        ) : chats.isError && !chats.data ? (
          <Callout intent="danger" icon="error" role="alert" className={styles.callout}>
            {textOf("chatsFailed")}
          </Callout>
        ) : shown.length === 0 ? (
          <NonIdealState icon="chat" title={textOf("noChats")} className={styles.empty} />
        ) : (
          <ul className={styles.chats}>
            {shown.map((c) => (
              <li key={c.chatId}>
                <button
                  type="button"
                  className={clsx(styles.chat, c.chatId === selected && styles.selected)}
                  onClick={() => setSelected(c.chatId)}
                >
                  <Avatar chat={c} />
                  <span className={styles.text}>
                    <span className={styles.name}>
                      <bdi>{chatName(c)}</bdi>
                    </span>
                    <span className={clsx(styles.last, Classes.TEXT_MUTED)}>
                      {c.lastMessage ? (
                        <bdi>
                          {c.lastMessage.content.slice(0, PREVIEW_LENGTH) +
                            (c.lastMessage.content.length > PREVIEW_LENGTH ? t("panel.more") : "")}
                        </bdi>
                      ) : c.type === "group" ? (
                        t("panel.group")
                      ) : (
                        t("panel.privateChat")
                      )}
                    </span>
                  </span>
                  <span className={clsx(styles.time, Classes.TEXT_MUTED)}>
                    {timeOf(c.lastMessage?.sentAt ?? null)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </aside>
      <section className={styles.conversation}>
        {current ? (
          <Conversation chat={current} onBack={() => setSelected(null)} />
        ) : (
          <NonIdealState icon="chat" title={textOf("pickChat")} className={styles.empty} />
        )}
      </section>
    </Card>
  );
}

/** The chat's initial in a circle. */
function Avatar({ chat }: { chat: TelegramChat }) {
  return (
    <span className={styles.avatar} aria-hidden>
      {chatName(chat).replace(/^@/, "").slice(0, 1).toUpperCase()}
    </span>
  );
}

function Conversation({ chat, onBack }: { chat: TelegramChat; onBack: () => void }) {
  const { t } = useTranslation("telegram");
  const client = useQueryClient();
  const conversation = useQuery({
    queryKey: conversationKey(chat.chatId),
    queryFn: ({ signal }) => getConversation(chat.chatId, signal),
    refetchInterval: REFRESH_MS,
  });
  const [text, setText] = useState("");
  const send = useMutation({
    mutationFn: () => sendDirect(text, chat.chatId),
    onSuccess: () => {
      setText("");
      void client.invalidateQueries({ queryKey: telegramKey });
    },
  });
  const messages = conversation.data?.messages ?? [];
  const end = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?._id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the newest message changes
  useEffect(() => {
    // A block, not an expression: Chromium's scrollIntoView now returns a promise, which React
    // would take for the effect's cleanup.
    end.current?.scrollIntoView({ block: "end" });
  }, [newest]);

  return (
    <>
      <header className={styles.header}>
        <Button
          className={styles.back}
          variant="minimal"
          icon="arrow-left"
          aria-label={t("panel.back")}
          onClick={onBack}
        />
        <Avatar chat={chat} />
        <span className={styles.title}>
          <strong>
            <bdi>{chatName(chat)}</bdi>
          </strong>
          <span className={Classes.TEXT_MUTED}>
            {chat.type === "group" ? (
              t("panel.telegramGroup")
            ) : chat.user ? (
              <Trans
                t={t}
                i18nKey="panel.dirabotUser"
                values={{ name: chat.user.fullname || chat.user.email }}
                components={{ name: <bdi /> }}
              />
            ) : (
              t("panel.privateChat")
            )}
          </span>
        </span>
        <Tag minimal>{chat.type === "group" ? t("panel.group") : t("panel.private")}</Tag>
      </header>
      <div className={styles.messages} aria-live="polite" data-testid="conversation">
        {conversation.isPending ? (
          <Spinner size={24} className={shared.spinner} />
        ) : conversation.isError && !conversation.data ? (
          <Callout intent="danger" icon="error" role="alert" className={styles.callout}>
            {textOf("chatFailed")}
          </Callout>
        ) : messages.length === 0 ? (
          <NonIdealState icon="chat" title={textOf("emptyChat")} className={styles.empty} />
        ) : (
          messages.map((m) => {
            const incoming = m.type === "received";
            return (
              <div
                key={`${m._id}`}
                className={clsx(shared.bubble, incoming ? shared.in : shared.out)}
                data-testid={incoming ? "message-in" : "message-out"}
              >
                {incoming && m.senderName ? (
                  <div className={styles.sender} dir="auto">
                    {m.senderName}
                  </div>
                ) : null}
                {m.type === "broadcast" ? <div className={styles.sender}>{t("panel.broadcast")}</div> : null}
                <Formatted text={m.content} markdown={m.type === "direct"} />
                <div className={styles.meta}>
                  {timeOf(m.sentAt)}
                  {incoming ? null : m.status === "failed" ? (
                    <span className={styles.failed} title={m.error ?? undefined}>
                      {t("panel.failed")}
                    </span>
                  ) : m.status === "pending" ? (
                    t("panel.sending")
                  ) : (
                    " ✓"
                  )}
                </div>
              </div>
            );
          })
        )}
        <div ref={end} />
      </div>
      <form
        className={styles.composer}
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) send.mutate();
        }}
      >
        {send.isError ? (
          <p className={shared.error} role="alert">
            {messageOf(send.error, textOf("sendFailed"))}
          </p>
        ) : null}
        <div className={styles.row}>
          <TextArea
            aria-label={t("panel.reply")}
            placeholder={t("panel.replyPlaceholder")}
            dir={typedDir(text)}
            rows={1}
            autoResize
            fill
            value={text}
            disabled={send.isPending}
            onChange={(e) => {
              setText(e.currentTarget.value);
              send.reset();
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey) {
                e.preventDefault();
                if (text.trim()) send.mutate();
              }
            }}
          />
          <Button
            type="submit"
            intent="primary"
            icon="send-message"
            aria-label={t("panel.send")}
            disabled={!text.trim()}
            loading={send.isPending}
          />
        </div>
      </form>
    </>
  );
}
