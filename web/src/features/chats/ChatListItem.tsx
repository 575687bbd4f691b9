import { Classes, Tag } from "@blueprintjs/core";
import { NavLink } from "react-router-dom";
import { avatarUrl } from "../../lib/avatar.ts";
import { formatTime, preview } from "./format.ts";
import type { Chat } from "./types.ts";

// A row of the chat list: avatar, bot name, the last message cut at 50 characters, its time and
// the unread count.

export function ChatListItem({ chat, to }: { chat: Chat; to: string }) {
  const last = chat.lastMessage;
  return (
    <NavLink
      to={to}
      className={({ isActive }) => `chat-list-item${isActive ? " is-active" : ""}`}
      data-testid="chat-list-item"
    >
      <img className="chat-avatar" src={avatarUrl(undefined, chat._id)} alt="" width={40} height={40} />
      <div className="chat-list-item__text">
        <div className="chat-list-item__top">
          <span className="chat-list-item__name" dir="auto">
            {chat.botName || "Chat"}
          </span>
          <span className={`${Classes.TEXT_MUTED} chat-list-item__time`}>
            {formatTime(last?.timestamp ?? last?.createdAt)}
          </span>
        </div>
        <div className="chat-list-item__bottom">
          <span className={`${Classes.TEXT_MUTED} chat-list-item__preview`} dir="auto">
            {preview(last)}
          </span>
          {chat.unreadCount > 0 ? (
            <Tag
              round
              intent="success"
              className="chat-list-item__unread"
              aria-label={`${chat.unreadCount} unread`}
            >
              {chat.unreadCount}
            </Tag>
          ) : null}
        </div>
      </div>
    </NavLink>
  );
}
