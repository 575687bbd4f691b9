import { Callout, Classes, InputGroup, NonIdealState, Spinner } from "@blueprintjs/core";
import clsx from "clsx";
import { useState } from "react";
import { ChatListItem } from "./ChatListItem.tsx";
import styles from "./ChatSidebar.module.css";
import { matchesSearch } from "./chatList.ts";
import type { Chat } from "./types.ts";

// The 280 px list beside the conversation: a search box and the chats, flat for a
// user, grouped by owner for an admin.

export const SEARCH_PLACEHOLDER = "חיפוש צ'אטים...";
export const NO_CHATS = "אין צ'אטים זמינים";

export interface ChatSection {
  key: string;
  title?: string;
  subtitle?: string;
  chats: Chat[];
}

export function ChatSidebar({
  className,
  sections,
  loading,
  error,
  linkTo,
}: {
  /** The screen's width for the list beside the conversation. */
  className?: string;
  sections: ChatSection[];
  loading: boolean;
  error: string | null;
  linkTo: (chat: Chat) => string;
}) {
  const [search, setSearch] = useState("");
  const shown = sections
    .map((s) => ({ ...s, chats: s.chats.filter((c) => matchesSearch(c, search)) }))
    .filter((s) => s.chats.length > 0);
  return (
    <aside className={clsx(styles.sidebar, className)} aria-label="Chats">
      <div className={styles.search}>
        <InputGroup
          leftIcon="search"
          placeholder={SEARCH_PLACEHOLDER}
          aria-label="Search chats"
          dir="auto"
          value={search}
          onValueChange={setSearch}
          type="search"
        />
      </div>
      <div className={styles.list}>
        {error && shown.length === 0 ? (
          <Callout intent="danger" compact>
            {error}
          </Callout>
        ) : null}
        {loading && shown.length === 0 ? <Spinner size={28} className={styles.spinner} /> : null}
        {!loading && !error && shown.length === 0 ? (
          <NonIdealState icon="chat" description={NO_CHATS} className={styles.empty} />
        ) : null}
        {shown.map((section) => (
          <div key={section.key} data-testid="chat-section">
            {section.title ? (
              <div className={styles.group}>
                <div className={styles.groupTitle}>{section.title}</div>
                {section.subtitle ? (
                  <div className={clsx(Classes.TEXT_MUTED, styles.groupSubtitle)}>{section.subtitle}</div>
                ) : null}
              </div>
            ) : null}
            {section.chats.map((chat) => (
              <ChatListItem key={chat._id} chat={chat} to={linkTo(chat)} />
            ))}
          </div>
        ))}
      </div>
    </aside>
  );
}
