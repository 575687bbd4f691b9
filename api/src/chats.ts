import * as z from "zod";
import { Asset } from "./assets.ts";
import { route } from "./contract.ts";
import { CHAT_MESSAGES } from "./messages.ts";
import { instant, maybeInstant } from "./query.ts";
import { Person } from "./users.ts";

// Chats: each bot's web chat, its messages (the socket carries the same shapes) and stars.

/** The person who sent a message, as they were when they sent it. */
export const Sender = z
  .strictObject({
    _id: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    avatar: z.string(),
    roles: z.array(z.string()),
  })
  .meta({ id: "Sender" });
export type Sender = z.infer<typeof Sender>;

export const MessageType = z.enum(["text", "asset"]);
export type MessageType = z.infer<typeof MessageType>;

/**
 * The listing of an asset message: the Asset, and what the chat's card adds to it to reach the
 * flat's people (the agency's name, the street the greeting names). Null when the source gave none.
 */
export const ChatAsset = Asset.extend({
  /** The broker's agency, as the source names it (Yad2's), else null. */
  agency: z.string().nullable(),
  /** The street without its number, for the WhatsApp greeting. */
  street: z.string().nullable(),
}).meta({ id: "ChatAsset" });
export type ChatAsset = z.infer<typeof ChatAsset>;

/** A member's 👍 or 👎 on a match, with a short note ("" for none) and their name as it was. */
export const Vote = z
  .strictObject({
    userId: z.string(),
    vote: z.enum(["up", "down"]),
    note: z.string(),
    fullname: z.string(),
  })
  .meta({ id: "Vote" });
export type Vote = z.infer<typeof Vote>;

/** A member's quick replies on a match, which everyone in the chat sees. */
export const QuickReply = z
  .strictObject({
    userId: z.string(),
    fullname: z.string(),
    /** "I called". */
    called: z.boolean(),
    /** "Viewing booked on …": a day as YYYY-MM-DD, or null. */
    viewingOn: z.string().nullable(),
  })
  .meta({ id: "QuickReply" });
export type QuickReply = z.infer<typeof QuickReply>;

/** How far a member has read a chat: the messages written up to `upTo` are seen by them. */
export const ReadMark = z
  .strictObject({ userId: z.string(), fullname: z.string(), upTo: instant })
  .meta({ id: "ReadMark" });
export type ReadMark = z.infer<typeof ReadMark>;

/** A chat message: sender is 'bot' or the person; an asset message carries its listing. */
export const Message = z
  .strictObject({
    _id: z.string(),
    chatId: z.string(),
    content: z.string(),
    type: MessageType,
    sender: z.union([z.literal("bot"), Sender]),
    timestamp: maybeInstant,
    createdAt: maybeInstant,
    updatedAt: maybeInstant,
    isRead: z.boolean(),
    starred: z.boolean(),
    /** The sender's own id for the message, echoed so the pane can replace its optimistic copy. */
    tempId: z.string().optional(),
    asset: ChatAsset.optional(),
    /**
     * A bot's notice beyond the two types, sent as a "text" message (so a client that knows only
     * those shows its content): "price_drop" for a drop of a flat the bot had sent, whose `asset`
     * is that flat at its new price.
     */
    kind: z.literal("price_drop").optional(),
    /** The members' votes on a match, oldest first (always empty on other messages). */
    votes: z.array(Vote),
    /** The members who have seen the message: their read mark has passed it. */
    seenBy: z.array(z.string()),
    /** The members' quick replies on a match. */
    replies: z.array(QuickReply),
    /** Every member turned the match down: the chat shows it folded away. */
    folded: z.boolean(),
  })
  .meta({ id: "Message" });
export type Message = z.infer<typeof Message>;

/** Who owns a chat, as far as the gateway knows (email "" when the owner is gone). */
export const ChatOwner = z.strictObject({ _id: z.string(), email: z.string() });

/** A chat without its messages (GET /api/chats/{id} adds a page of them). */
export const Chat = z
  .strictObject({
    _id: z.string(),
    botId: z.string(),
    botName: z.string(),
    userId: ChatOwner,
    unreadCount: z.number().int(),
    lastMessage: Message.nullable(),
    favorite: z.boolean(),
    createdAt: maybeInstant,
    updatedAt: maybeInstant,
    // A shared bot's members (user ids; the owner is userId). unreadCount is the caller's own.
    memberIds: z.array(z.string()),
  })
  .meta({ id: "Chat" });
export type Chat = z.infer<typeof Chat>;

/** Page 1 is the newest; hasMore while older messages remain. */
export const MessagePagination = z.strictObject({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  hasMore: z.boolean(),
});
export type MessagePagination = z.infer<typeof MessagePagination>;

export const ChatWithMessages = Chat.extend({
  messages: z.array(Message),
  pagination: MessagePagination,
  /** The members' read marks, naming who has seen what. */
  readMarks: z.array(ReadMark),
});
export type ChatWithMessages = z.infer<typeof ChatWithMessages>;

/** An admin's view: each chat carries its owner as `_user` too. */
export const AdminChat = Chat.extend({ _user: Person });
export type AdminChat = z.infer<typeof AdminChat>;
export const ChatGroup = z.strictObject({ user: Person, chats: z.array(AdminChat) });
export type ChatGroup = z.infer<typeof ChatGroup>;

// ---- requests

/** A whole number in the query, within bounds; "" is the same as leaving it out. */
const whole = (name: string, msg: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string({ error: `${name} must be given once` })
      .trim()
      .regex(/^\d{1,9}$/, msg)
      .transform(Number)
      .refine((n) => n >= min && n <= max, msg)
      .optional(),
  );
export const ChatPagingQuery = z.object({
  page: whole("page", "page must be a whole number of at least 1", 1, 1_000_000),
  limit: whole("limit", "limit must be a whole number from 1 to 100", 1, 100),
});
export const CreateChatBody = z.object({
  botId: z.string({ error: "botId is required" }).min(1, "botId is required"),
});

/** The chat pane sends {content, tempId}; the other accepted shape is {content, type: 'text', sender: 'user'}. */
export const SendMessageBody = z.object({
  content: z.string({ error: "Message content is required" }),
  tempId: z.string({ error: "tempId must be text" }).max(100, "tempId is too long").optional(),
  type: z.literal("text", { error: "Only text messages can be sent" }).optional(),
  // Who sends is the session's user; the body's sender ('user') is accepted and ignored.
  sender: z.unknown().optional(),
});

/** A match's state now: its flat still listed at its price, at another price, or gone everywhere. */
export const FlatState = z.enum(["live", "price_changed", "removed"]);
export type FlatState = z.infer<typeof FlatState>;

/** A flat of the shortlist: its match with the votes, the counts, and how the flat is now. */
export const ShortlistEntry = z
  .strictObject({
    message: Message,
    ups: z.number().int(),
    downs: z.number().int(),
    /** Ups minus downs: the shortlist's order, then the newest. */
    score: z.number().int(),
    state: FlatState,
    /** The flat's price now (null when unknown, or the flat is gone). */
    price: z.number().nullable(),
  })
  .meta({ id: "ShortlistEntry" });
export type ShortlistEntry = z.infer<typeof ShortlistEntry>;

/** `{vote: "up"|"down"|null, note?}`: null takes the caller's vote back, and its note with it. */
export const VoteBody = z.object({
  vote: z.enum(["up", "down"], { error: CHAT_MESSAGES.vote }).nullable(),
  note: z
    .string({ error: CHAT_MESSAGES.noteText })
    .max(CHAT_MESSAGES.noteMax, CHAT_MESSAGES.noteLong)
    .optional(),
});
export type VoteBody = z.infer<typeof VoteBody>;

/** `{called, viewingOn}`: the caller's whole set of quick replies on a match. */
export const QuickReplyBody = z.object({
  called: z.boolean({ error: CHAT_MESSAGES.called }),
  viewingOn: z.iso.date({ error: CHAT_MESSAGES.viewingOn }).nullable(),
});
export type QuickReplyBody = z.infer<typeof QuickReplyBody>;

const signedOut = { 401: "Not signed in" };
const noChat = { ...signedOut, 404: "No such chat" };

export const chatRoutes = {
  list: route({
    method: "get",
    path: "/api/chats",
    summary: "The caller's chats, last message newest first",
    responses: { 200: z.array(Chat), ...signedOut },
  }),
  allGrouped: route({
    method: "get",
    path: "/api/chats/admin/all-grouped",
    summary: "Every chat grouped by owner (admins)",
    responses: { 200: z.array(ChatGroup), ...signedOut, 403: "Admins only" },
  }),
  get: route({
    method: "get",
    path: "/api/chats/:id",
    summary: "A chat with a page of messages (?page=1&limit=20; page 1 is the newest)",
    query: ChatPagingQuery,
    responses: { 200: ChatWithMessages, 400: "A malformed page or limit", ...noChat },
  }),
  create: route({
    method: "post",
    path: "/api/chats",
    summary: "The chat of one of the caller's bots {botId}",
    body: CreateChatBody,
    responses: { 200: Chat, 400: "botId is required", ...signedOut, 404: "No such bot" },
  }),
  read: route({
    method: "post",
    path: "/api/chats/:id/read",
    summary: "Mark the chat read (owners; an admin at another's chat changes nothing)",
    responses: { 200: Chat, ...noChat },
  }),
  favorite: route({
    method: "post",
    path: "/api/chats/:id/favorite",
    summary: "Mark or unmark the chat as a favourite",
    responses: { 200: Chat, ...noChat },
  }),
  send: route({
    method: "post",
    path: "/api/chats/:id/messages",
    summary: "Send a text message {content, tempId?}",
    body: SendMessageBody,
    responses: { 201: Message, 400: "Blank, too long or malformed", ...noChat },
  }),
  star: route({
    method: "post",
    path: "/api/chats/:id/messages/:messageId/star",
    summary: "Star or unstar a message",
    responses: { 200: Message, ...signedOut, 404: "No such chat or message" },
  }),
  starred: route({
    method: "get",
    path: "/api/chats/:id/messages/starred",
    summary: "The chat's starred messages, in time order",
    responses: { 200: z.array(Message), ...noChat },
  }),
  vote: route({
    method: "put",
    path: "/api/chats/:id/messages/:messageId/vote",
    summary: "Vote on a match {vote: up|down|null, note?}: replaces the caller's vote; null takes it back",
    body: VoteBody,
    responses: {
      200: Message,
      400: "A bad vote or note, or not a match",
      ...signedOut,
      403: "Not a member of the chat (an admin reads, does not vote)",
      404: "No such chat or message",
    },
  }),
  reply: route({
    method: "put",
    path: "/api/chats/:id/messages/:messageId/reply",
    summary: "The caller's quick replies on a match {called, viewingOn}: replaces theirs",
    body: QuickReplyBody,
    responses: {
      200: Message,
      400: "A bad day, or not a match",
      ...signedOut,
      403: "Not a member of the chat",
      404: "No such chat or message",
    },
  }),
  shortlist: route({
    method: "get",
    path: "/api/chats/:id/shortlist",
    summary: "The flats with at least one 👍, by score then newest, with their state now",
    responses: { 200: z.array(ShortlistEntry), ...noChat },
  }),
} as const;
