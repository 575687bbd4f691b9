import { type Timestamp, timestampDate } from "@bufbuild/protobuf/wkt";
import type { Chat, Message, Sender } from "@dirabot/proto/chat/v1/chat_pb.js";
import { type AssetJson, assetJson } from "./asset-json.ts";

const iso = (t: Timestamp | undefined) => (t ? timestampDate(t).toISOString() : null);

export interface SenderJson {
  _id: string;
  firstname: string;
  lastname: string;
  email: string;
  avatar: string;
  roles: string[];
}

/** The spec's Message (SPEC.md §3): sender is 'bot' or the person as they were when they sent it. */
export interface MessageJson {
  _id: string;
  chatId: string;
  content: string;
  type: "text" | "asset";
  sender: "bot" | SenderJson;
  timestamp: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  isRead: boolean;
  starred: boolean;
  tempId?: string;
  asset?: AssetJson;
}

const senderJson = (s: Sender): SenderJson => ({
  _id: s.userId,
  firstname: s.firstname,
  lastname: s.lastname,
  email: s.email,
  avatar: s.avatar,
  roles: s.roles,
});

/** The one mapping from a proto Message to the JSON the screens and the socket receive. */
export function messageJson(m: Message): MessageJson {
  return {
    _id: m.id,
    chatId: m.chatId,
    content: m.content,
    type: m.type === "asset" ? "asset" : "text",
    sender: m.sender ? senderJson(m.sender) : "bot",
    timestamp: iso(m.createdAt),
    createdAt: iso(m.createdAt),
    updatedAt: iso(m.updatedAt),
    isRead: m.isRead,
    starred: m.starred,
    ...(m.tempId ? { tempId: m.tempId } : {}),
    ...(m.asset ? { asset: assetJson(m.asset) } : {}),
  };
}

/** Who owns a chat, as far as the gateway knows (the spec's `userId`, the owner's {email}). */
export interface OwnerJson {
  _id: string;
  email: string;
}

/** The spec's Chat (SPEC.md §3) without its messages (GetChat adds them). */
export function chatJson(c: Chat, owner?: OwnerJson) {
  return {
    _id: c.id,
    botId: c.botId,
    botName: c.botName,
    userId: owner ?? { _id: c.userId, email: "" },
    unreadCount: c.unreadCount,
    lastMessage: c.lastMessage ? messageJson(c.lastMessage) : null,
    favorite: c.favorite,
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.updatedAt),
  };
}
