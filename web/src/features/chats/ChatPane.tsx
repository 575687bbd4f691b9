import { Callout, NonIdealState, Spinner } from "@blueprintjs/core";
import clsx from "clsx";
import { useState } from "react";
import { useTranslation } from "../../i18n/index.ts";
import type { User } from "../auth/index.ts";
import { ChatHeader } from "./ChatHeader.tsx";
import styles from "./ChatPane.module.css";
import { Composer } from "./Composer.tsx";
import { useChatLive } from "./liveContext.ts";
import { MessageList } from "./MessageList.tsx";
import { useChatMessages } from "./useChatMessages.ts";

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
  const [shownFor, setShownFor] = useState(chatId);
  // Another chat opens with every message shown.
  if (shownFor !== chatId) {
    setShownFor(chatId);
    setStarredOnly(false);
  }

  if (!chatId) {
    return (
      <section className={clsx(styles.pane, styles.empty)}>
        <NonIdealState icon="chat" title={t("pane.select")} />
      </section>
    );
  }
  const owner = chat.chat?.userId;
  const others = owner && owner._id !== user._id ? owner.email : undefined;
  const shown = starredOnly ? (chat.starred ?? []) : chat.messages;
  return (
    <section className={styles.pane} aria-label={t("pane.label")}>
      <ChatHeader
        chatId={chatId}
        title={chat.chat?.botName || (chat.loading ? "" : t("item.fallbackName"))}
        subtitle={others}
        connected={connected}
        starredOnly={starredOnly}
        onStarredOnly={(on) => {
          setStarredOnly(on);
          void chat.showStarred(on);
        }}
        onBack={onBack}
      />
      {chat.loading ? (
        <div className={styles.loading}>
          <Spinner size={32} />
        </div>
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
