import { Callout, Classes, InputGroup, NonIdealState, Spinner } from "@blueprintjs/core";
import clsx from "clsx";
import { useState } from "react";
import { useTranslation } from "../../i18n/index.ts";
import { ChatListItem } from "./ChatListItem.tsx";
import styles from "./ChatSidebar.module.css";
import { matchesSearch } from "./chatList.ts";
import { typedDir } from "./format.ts";
import type { Chat } from "./types.ts";

// The 280 px list beside the conversation: a search box and the chats, flat for a
// user, grouped by owner for an admin. The spec's Hebrew placeholder and empty text stay Hebrew in
// both languages (the English catalogue holds them so).

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
  const { t } = useTranslation("chats");
  const [search, setSearch] = useState("");
  const shown = sections
    .map((s) => ({ ...s, chats: s.chats.filter((c) => matchesSearch(c, search)) }))
    .filter((s) => s.chats.length > 0);
  return (
    <aside className={clsx(styles.sidebar, className)} aria-label={t("sidebar.label")}>
      <div className={styles.search}>
        <InputGroup
          leftIcon="search"
          placeholder={t("sidebar.search")}
          aria-label={t("sidebar.searchLabel")}
          dir={typedDir(search)}
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
          <NonIdealState icon="chat" description={t("sidebar.empty")} className={styles.empty} />
        ) : null}
        {shown.map((section) => (
          <div key={section.key} data-testid="chat-section">
            {section.title ? (
              <div className={styles.group}>
                <div className={styles.groupTitle}>
                  <bdi>{section.title}</bdi>
                </div>
                {section.subtitle ? (
                  <div className={clsx(Classes.TEXT_MUTED, styles.groupSubtitle)}>
                    <bdi>{section.subtitle}</bdi>
                  </div>
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
