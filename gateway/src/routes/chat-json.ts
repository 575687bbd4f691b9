import { type Timestamp, timestampDate } from "@bufbuild/protobuf/wkt";
import type { Asset, Chat as ChatJson, Message as MessageJson, Sender as SenderJson } from "@dirabot/api";
import type { Chat, Message, Sender } from "@dirabot/proto/chat/v1/chat_pb.js";
import { assetJson } from "./asset-json.ts";

const iso = (t: Timestamp | undefined) => (t ? timestampDate(t).toISOString() : null);

const senderJson = (s: Sender): SenderJson => ({
  _id: s.userId,
  firstname: s.firstname,
  lastname: s.lastname,
  email: s.email,
  avatar: s.avatar,
  roles: s.roles,
});

/**
 * The one mapping from a proto Message to the JSON the screens and the socket receive. `shared`:
 * the asset of a message whose listing came beside it (an event's messages share one), mapped once.
 */
export function messageJson(m: Message, shared?: Asset): MessageJson {
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
    ...(m.asset ? { asset: assetJson(m.asset) } : shared ? { asset: shared } : {}),
    ...(m.type === "price_drop" ? { kind: "price_drop" as const } : {}),
  };
}

/**
 * A chat without its messages (GetChat adds them), with its owner as far as the gateway knows:
 * their {_id, email}.
 */
export function chatJson(c: Chat, owner?: ChatJson["userId"]): ChatJson {
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
