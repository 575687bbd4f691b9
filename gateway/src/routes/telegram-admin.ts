import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { Client } from "@connectrpc/connect";
import {
  BroadcastBody,
  adminRoutes as contract,
  DirectBody,
  TelegramChat,
  TelegramChatQuery,
  TelegramChatsQuery,
  TelegramHistoryQuery,
  TelegramMessage,
} from "@dirabot/api";
import { AppError } from "@dirabot/platform";
import type { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import type { AdminMessage, KnownChat, TelegramService } from "@dirabot/proto/telegram/v1/telegram_pb.js";
import type Router from "@koa/router";
import { requireAdmin } from "../auth/session.ts";
import { body, parse } from "../body.ts";
import type { ApiDoc } from "../openapi.ts";
import { callAs, lookUpUsers, personJson } from "./actor.ts";

/** A messaging-app message as the admin screens show it, and why it failed. */
export function telegramMessageJson(m: AdminMessage): TelegramMessage {
  return {
    _id: m.id,
    // The telegram service stores only the contract's kinds and states; another fails loudly here.
    type: TelegramMessage.shape.type.parse(m.type),
    status: TelegramMessage.shape.status.parse(m.status),
    content: m.content,
    chatId: m.chatId || null,
    chatName: m.chatName,
    sentAt: m.sentAt ? timestampDate(m.sentAt).toISOString() : null,
    error: m.error || null,
    senderName: m.senderName || null,
    // A broadcast: how many chats it goes to, and how its deliveries stand.
    recipients: m.deliveries
      ? {
          total: m.deliveries.total,
          pending: m.deliveries.pending,
          sent: m.deliveries.sent,
          failed: m.deliveries.failed,
        }
      : null,
  };
}

const CHAT_ID = /^-?\d{1,20}$/;

/** /api/telegram: the admins' messaging over the Telegram bot (broadcast, direct, history, chats). */
export function telegramAdminRoutes(
  router: Router,
  deps: { telegram: Client<typeof TelegramService>; identity: Client<typeof IdentityService> },
  doc: ApiDoc,
): void {
  const { telegram, identity } = deps;
  doc.add(contract.broadcast);
  router.post("/api/telegram/broadcast", requireAdmin, async (k) => {
    const b = await body(k, BroadcastBody);
    const r = await telegram.broadcast({ content: b.content }, callAs(k));
    k.status = 201;
    k.body = {
      message: "Broadcast message sent successfully",
      telegramMessage: r.message ? telegramMessageJson(r.message) : null,
    };
  });

  doc.add(contract.direct);
  router.post("/api/telegram/direct", requireAdmin, async (k) => {
    const b = await body(k, DirectBody);
    const r = await telegram.sendDirect({ content: b.content, chatId: b.chatId.trim() }, callAs(k));
    k.status = 201;
    k.body = {
      message: "Message sent successfully",
      telegramMessage: r.message ? telegramMessageJson(r.message) : null,
    };
  });

  doc.add(contract.history);
  router.get("/api/telegram", requireAdmin, async (k) => {
    const q = parse(TelegramHistoryQuery, k.query);
    const r = await telegram.listMessages({ limit: q.limit, skip: q.skip, type: q.type }, callAs(k));
    k.body = { messages: r.messages.map(telegramMessageJson), count: r.count };
  });

  doc.add(contract.chats);
  router.get("/api/telegram/chats", requireAdmin, async (k) => {
    const q = parse(TelegramChatsQuery, k.query);
    const call = callAs(k);
    const { chats } = await telegram.listChats({ search: q.search, limit: q.limit }, call);
    const people = await lookUpUsers(identity, call, chats.map((c) => c.userId).filter(Boolean));
    k.body = chats.map((c) => chatJson(c, people));
  });

  doc.add(contract.chat);
  router.get("/api/telegram/chat/:chatId", requireAdmin, async (k) => {
    const chatId = String(k.params.chatId ?? "");
    const q = parse(TelegramChatQuery, k.query);
    if (!CHAT_ID.test(chatId)) throw new AppError("invalid_argument", "chatId must be a Telegram chat id");
    const call = callAs(k);
    const r = await telegram.listChatMessages({ chatId, limit: q.limit, skip: q.skip }, call);
    const people = await lookUpUsers(identity, call, r.chat?.userId ? [r.chat.userId] : []);
    k.body = {
      chat: r.chat ? chatJson(r.chat, people) : null,
      messages: r.messages.map(telegramMessageJson),
      count: r.count,
    };
  });
}

type People = Awaited<ReturnType<typeof lookUpUsers>>;

/** A known chat; a linked account's without a Telegram name takes its Dirabot user's. */
function chatJson(c: KnownChat, people: People): TelegramChat {
  const u = c.userId ? people.get(c.userId) : undefined;
  const user = u ? personJson(u) : null;
  return {
    chatId: c.chatId,
    chatName: c.chatName || user?.fullname || "",
    type: TelegramChat.shape.type.parse(c.type),
    user,
    lastMessage: c.lastMessage ? telegramMessageJson(c.lastMessage) : null,
  };
}
