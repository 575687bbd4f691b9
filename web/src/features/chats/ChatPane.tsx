import { Callout, NonIdealState, Spinner } from "@blueprintjs/core";
import clsx from "clsx";
import { useMemo, useState } from "react";
import { useTranslation } from "../../i18n/index.ts";
import { isAdmin, type User } from "../auth/index.ts";
import { ChatHeader } from "./ChatHeader.tsx";
import styles from "./ChatPane.module.css";
import { Composer } from "./Composer.tsx";
import { useChatLive } from "./liveContext.ts";
import type { MatchContext } from "./MessageItem.tsx";
import { MessageList } from "./MessageList.tsx";
import { ShortlistView } from "./ShortlistView.tsx";
import { useChatMessages } from "./useChatMessages.ts";
import { useShortlist } from "./useShortlist.ts";
import { peopleOf } from "./votes.ts";

// The open conversation. An admin at someone else's chat reads it
// and may answer as admin; the rules of reading are ChatsLive's.

export function ChatPane({
  chatId,
  user,
  onBack,
}: {
  chatId: string | undefined;
  user: User;
  onBack?: () => void;
}) {
  const { t } = useTranslation("chats");
  const { connected } = useChatLive();
  const chat = useChatMessages(chatId, user);
  const [starredOnly, setStarredOnly] = useState(false);
  const [shortlistOn, setShortlistOn] = useState(false);
  const [shownFor, setShownFor] = useState(chatId);
  // Another chat opens with every message shown.
  if (shownFor !== chatId) {
    setShownFor(chatId);
    setStarredOnly(false);
    setShortlistOn(false);
  }
  const shortlist = useShortlist(chatId, shortlistOn);
  const readMarks = chat.chat?.readMarks;
  const people = useMemo(() => peopleOf(readMarks ?? [], chat.messages), [readMarks, chat.messages]);
  const ownerId = chat.chat?.userId._id;
  // Members vote; an admin reading someone else's chat sees the votes only (the server says so too).
  const mayVote = !isAdmin(user) || ownerId === user._id;
  const { vote, reply } = chat;
  const match = useMemo<MatchContext>(
    () => ({ people, mayVote, handlers: { vote, reply } }),
    [people, mayVote, vote, reply],
  );

  if (!chatId) {
    return (
      <section className={clsx(styles.pane, styles.empty)}>
        <NonIdealState icon="chat" title={t("pane.select")} />
      </section>
    );
  }
  const owner = chat.chat?.userId;
  const others = owner && owner._id !== user._id ? owner.email : undefined;
  // A shared bot's chat says so, and how many people share it (the owner and the members).
  const sharing = (chat.chat?.memberIds?.length ?? 0) + 1;
  const subtitle = sharing > 1 ? t("header.shared", { count: sharing }) : others;
  const shown = starredOnly ? (chat.starred ?? []) : chat.messages;
  return (
    <section className={styles.pane} aria-label={t("pane.label")}>
      <ChatHeader
        chatId={chatId}
        title={chat.chat?.botName || (chat.loading ? "" : t("item.fallbackName"))}
        subtitle={subtitle}
        connected={connected}
        starredOnly={starredOnly}
        onStarredOnly={(on) => {
          setStarredOnly(on);
          setShortlistOn(false);
          void chat.showStarred(on);
        }}
        shortlist={shortlistOn}
        onShortlist={(on) => {
          setShortlistOn(on);
          if (on && starredOnly) {
            setStarredOnly(false);
            void chat.showStarred(false);
          }
        }}
        onBack={onBack}
      />
      {chat.loading ? (
        <div className={styles.loading}>
          <Spinner size={32} />
        </div>
      ) : shortlistOn ? (
        <ShortlistView
          entries={shortlist.entries}
          loading={shortlist.loading}
          failed={shortlist.failed}
          userId={user._id}
          people={people}
        />
      ) : (
        <MessageList
          messages={shown}
          botName={chat.chat?.botName ?? ""}
          userId={user._id}
          hasMore={chat.hasMore}
          loadingOlder={chat.loadingOlder}
          onLoadOlder={() => void chat.loadOlder()}
          onStar={(m) => void chat.star(m)}
          empty={starredOnly ? t("pane.noStarred") : chat.error ? "" : t("pane.noMessages")}
          paging={!starredOnly}
          match={match}
        />
      )}
      {chat.error ? (
        <Callout intent="danger" compact className={styles.error} role="alert">
          {t(chat.error)}
        </Callout>
      ) : null}
      <Composer disabled={!chat.chat} sending={chat.sending} onSend={chat.send} />
    </section>
  );
}
