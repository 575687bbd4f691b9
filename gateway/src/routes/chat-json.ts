import { type Timestamp, timestampDate } from "@bufbuild/protobuf/wkt";
import type {
  ChatAsset,
  Chat as ChatJson,
  Message as MessageJson,
  QuickReply as QuickReplyJson,
  ReadMark as ReadMarkJson,
  Sender as SenderJson,
  Vote as VoteJson,
} from "@dirabot/api";
import type { Chat, Message, QuickReply, ReadMark, Sender, Vote } from "@dirabot/proto/chat/v1/chat_pb.js";
import type { Listing } from "@dirabot/proto/listings/v1/listings_pb.js";
import { assetJson } from "./asset-json.ts";

const iso = (t: Timestamp | undefined) => (t ? timestampDate(t).toISOString() : null);

const text = (s: string) => (s.trim() === "" ? null : s.trim());

/** An asset message's listing: the Asset and the card's ways to its people. */
export const chatAssetJson = (l: Listing): ChatAsset => ({
  ...assetJson(l),
  agency: text(l.agency),
  street: text(l.street),
});

const senderJson = (s: Sender): SenderJson => ({
  _id: s.userId,
  firstname: s.firstname,
  lastname: s.lastname,
  email: s.email,
  avatar: s.avatar,
  roles: s.roles,
});

export const voteJson = (v: Vote): VoteJson => ({
  userId: v.userId,
  vote: v.vote === "down" ? "down" : "up",
  note: v.note,
  fullname: v.fullname,
});

export const replyJson = (r: QuickReply): QuickReplyJson => ({
  userId: r.userId,
  fullname: r.fullname,
  called: r.called,
  viewingOn: r.viewingOn || null,
});

export const readMarkJson = (m: ReadMark): ReadMarkJson => ({
  userId: m.userId,
  fullname: m.fullname,
  upTo: iso(m.upTo) ?? new Date(0).toISOString(),
});

/**
 * The one mapping from a proto Message to the JSON the screens and the socket receive. `shared`:
 * the asset of a message whose listing came beside it (an event's messages share one), mapped once.
 */
export function messageJson(m: Message, shared?: ChatAsset): MessageJson {
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
    ...(m.asset ? { asset: chatAssetJson(m.asset) } : shared ? { asset: shared } : {}),
    ...(m.type === "price_drop" ? { kind: "price_drop" as const } : {}),
    votes: m.votes.map(voteJson),
    seenBy: [...m.seenBy],
    replies: m.replies.map(replyJson),
    folded: m.folded,
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
    memberIds: c.memberIds,
  };
}
