import { Classes, Tag } from "@blueprintjs/core";
import clsx from "clsx";
import { NavLink } from "react-router-dom";
import { ChatAvatar } from "./ChatAvatar.tsx";
import styles from "./ChatListItem.module.css";
import { formatTime, preview } from "./format.ts";
import type { Chat } from "./types.ts";

// A row of the chat list: avatar, bot name, the last message cut at 50 characters, its time and
// the unread count.

export function ChatListItem({ chat, to }: { chat: Chat; to: string }) {
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
          <span className={styles.name} dir="auto">
            {chat.botName || "Chat"}
          </span>
          <span className={clsx(Classes.TEXT_MUTED, styles.time)}>
            {formatTime(last?.timestamp ?? last?.createdAt)}
          </span>
        </div>
        <div className={styles.bottom}>
          <span className={clsx(Classes.TEXT_MUTED, styles.preview)} dir="auto">
            {preview(last)}
          </span>
          {chat.unreadCount > 0 ? (
            <Tag round intent="success" aria-label={`${chat.unreadCount} unread`}>
              {chat.unreadCount}
            </Tag>
          ) : null}
        </div>
      </div>
    </NavLink>
  );
}
