import { create, fromJson, toJson } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import {
  type Chat,
  ChatSchema,
  type Message,
  MessageSchema,
  type Sender,
  SenderSchema,
} from "@dirabot/proto/chat/v1/chat_pb.js";
import { type Listing, ListingSchema } from "@dirabot/proto/listings/v1/listings_pb.js";
import type { ChatRow, MessageRow } from "./db.ts";

// Stored JSON may come from a newer version of the contract: unknown fields are skipped, not fatal.
const read = { ignoreUnknownFields: true };

/** Sender and Listing are stored as protobuf JSON, so a stored message reads back as it was sent. */
export const senderJson = (s: Sender): string => JSON.stringify(toJson(SenderSchema, s));
export const assetJson = (l: Listing): string => JSON.stringify(toJson(ListingSchema, l));

export function messageToProto(r: MessageRow): Message {
  return create(MessageSchema, {
    id: r.id,
    chatId: r.chat_id,
    content: r.content,
    type: r.type,
    sender: r.sender ? fromJson(SenderSchema, r.sender, read) : undefined,
    isRead: r.is_read,
    starred: r.starred,
    tempId: r.temp_id,
    asset: r.asset ? fromJson(ListingSchema, r.asset, read) : undefined,
    createdAt: timestampFromDate(r.created_at),
    updatedAt: timestampFromDate(r.updated_at),
  });
}

/** `view`: a shared bot's members and, for a caller other than the owner, their own unread count. */
export function chatToProto(
  r: ChatRow,
  last?: MessageRow,
  view: { memberIds?: string[]; unreadCount?: number } = {},
): Chat {
  return create(ChatSchema, {
    id: r.id,
    botId: r.bot_id,
    botName: r.bot_name,
    userId: r.user_id,
    unreadCount: view.unreadCount ?? r.unread_count,
    lastMessage: last ? messageToProto(last) : undefined,
    memberIds: view.memberIds ?? [],
    favorite: r.favorite,
    createdAt: timestampFromDate(r.created_at),
    updatedAt: timestampFromDate(r.updated_at),
  });
}
