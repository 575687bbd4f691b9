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
import { messageOf, Texts } from "./texts.ts";

// The admin chat panel (600 px): the chats the bot knows, the most recently active first, and the
// selected one's conversation — what people wrote, the admins' direct messages and the broadcasts
// it was sent — refreshed every 10 s, with a box to write to it (Markdown). A phone shows the list
// or the conversation, with a way back.

export function ChatPanel() {
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
    <Card className={clsx(styles.panel, selected && styles.open)} aria-label="Telegram chats">
      <aside className={styles.list}>
        <InputGroup
          type="search"
          leftIcon="search"
          placeholder="Search chats..."
          aria-label="Search chats"
          value={search}
          onValueChange={setSearch}
          className={styles.search}
        />
        {chats.isPending ? (
          <Spinner size={24} className={shared.spinner} />
        ) : chats.isError && !chats.data ? (
          <Callout intent="danger" icon="error" role="alert" className={styles.callout}>
            {Texts.chatsFailed}
          </Callout>
        ) : shown.length === 0 ? (
          <NonIdealState icon="chat" title={Texts.noChats} className={styles.empty} />
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
                    <span className={styles.name}>{chatName(c)}</span>
                    <span className={clsx(styles.last, Classes.TEXT_MUTED)}>
                      {c.lastMessage
                        ? c.lastMessage.content.slice(0, 50) +
                          (c.lastMessage.content.length > 50 ? "..." : "")
                        : c.type === "group"
                          ? "Group"
                          : "Private chat"}
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
          <NonIdealState icon="chat" title={Texts.pickChat} className={styles.empty} />
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
          aria-label="Back to chats"
          onClick={onBack}
        />
        <Avatar chat={chat} />
        <span className={styles.title}>
          <strong>{chatName(chat)}</strong>
          <span className={Classes.TEXT_MUTED}>
            {chat.type === "group"
              ? "Telegram group"
              : chat.user
                ? `Dirabot: ${chat.user.fullname || chat.user.email}`
                : "Private chat"}
          </span>
        </span>
        <Tag minimal>{chat.type === "group" ? "Group" : "Private"}</Tag>
      </header>
      <div className={styles.messages} aria-live="polite" data-testid="conversation">
        {conversation.isPending ? (
          <Spinner size={24} className={shared.spinner} />
        ) : conversation.isError && !conversation.data ? (
          <Callout intent="danger" icon="error" role="alert" className={styles.callout}>
            {Texts.chatFailed}
          </Callout>
        ) : messages.length === 0 ? (
          <NonIdealState icon="chat" title={Texts.emptyChat} className={styles.empty} />
        ) : (
          messages.map((m) => {
            const incoming = m.type === "received";
            return (
              <div
                key={`${m._id}`}
                className={clsx(shared.bubble, incoming ? shared.in : shared.out)}
                data-testid={incoming ? "message-in" : "message-out"}
              >
                {incoming && m.senderName ? <div className={styles.sender}>{m.senderName}</div> : null}
                {m.type === "broadcast" ? <div className={styles.sender}>Broadcast</div> : null}
                <Formatted text={m.content} markdown={m.type === "direct"} />
                <div className={styles.meta}>
                  {timeOf(m.sentAt)}
                  {incoming ? null : m.status === "failed" ? (
                    <span className={styles.failed} title={m.error ?? undefined}>
                      {" "}
                      · failed
                    </span>
                  ) : m.status === "pending" ? (
                    " · sending"
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
            {messageOf(send.error, Texts.sendFailed)}
          </p>
        ) : null}
        <div className={styles.row}>
          <TextArea
            aria-label="Reply"
            placeholder="Type a message... (Markdown)"
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
            aria-label="Send"
            disabled={!text.trim()}
            loading={send.isPending}
          />
        </div>
      </form>
    </>
  );
}
