import * as z from "zod";
import { Asset } from "./assets.ts";
import { route } from "./contract.ts";
import { maybeInstant } from "./query.ts";
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
    asset: Asset.optional(),
    /**
     * A bot's notice beyond the two types, sent as a "text" message (so a client that knows only
     * those shows its content): "price_drop" for a drop of a flat the bot had sent, whose `asset`
     * is that flat at its new price.
     */
    kind: z.literal("price_drop").optional(),
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

export const ChatWithMessages = Chat.extend({ messages: z.array(Message), pagination: MessagePagination });
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
} as const;
