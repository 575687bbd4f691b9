import { Classes, Icon, Tag } from "@blueprintjs/core";
import clsx from "clsx";
import { NavLink } from "react-router-dom";
import { formatNumber } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/index.ts";
import { ChatAvatar } from "./ChatAvatar.tsx";
import styles from "./ChatListItem.module.css";
import { formatTime, preview, unreadLabel } from "./format.ts";
import { Summary } from "./Isolated.tsx";
import type { Chat } from "./types.ts";

// A row of the chat list: avatar, bot name, the last message cut at 50 characters, its time and
// the unread count. The name and the preview take the reader's direction (so an overflow is cut
// at the end of it), each piece of data inside isolated: a bot's summary "נווה חן · 3 rooms ·
// ₪8,800" keeps its parts in order in either language.

export function ChatListItem({ chat, to }: { chat: Chat; to: string }) {
  const { t } = useTranslation("chats");
  const last = chat.lastMessage;
  return (
    <NavLink
      to={to}
      className={({ isActive }) => clsx(styles.item, isActive && styles.active)}
      data-testid="chat-list-item"
    >
      <ChatAvatar chatId={chat._id} />
      <div className={styles.text}>
        <div className={styles.top}>
          <span className={styles.name}>
            {chat.memberIds?.length ? (
              <Icon icon="people" size={12} title={t("item.shared")} data-testid="chat-shared" />
            ) : null}{" "}
            <bdi>{chat.botName || t("item.fallbackName")}</bdi>
          </span>
          <span className={clsx(Classes.TEXT_MUTED, styles.time)}>
            {formatTime(last?.timestamp ?? last?.createdAt)}
          </span>
        </div>
        <div className={styles.bottom}>
          <span className={clsx(Classes.TEXT_MUTED, styles.preview)} data-testid="chat-preview">
            <Summary text={preview(last)} />
          </span>
          {chat.unreadCount > 0 ? (
            <Tag round intent="success" aria-label={unreadLabel(chat.unreadCount)}>
              {formatNumber(chat.unreadCount)}
            </Tag>
          ) : null}
        </div>
      </div>
    </NavLink>
  );
}
