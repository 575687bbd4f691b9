import type { Client } from "@connectrpc/connect";
import { ChatPagingQuery, CreateChatBody, chatRoutes as contract } from "@dirabot/api";
import { AppError } from "@dirabot/platform";
import type { Chat, ChatService } from "@dirabot/proto/chat/v1/chat_pb.js";
import type { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import type { ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import type Router from "@koa/router";
import { requireAdmin, requireUser } from "../auth/session.ts";
import { body, parse } from "../body.ts";
import type { ApiDoc } from "../openapi.ts";
import { type Acting, actingUser, getUser, lookUpUsers, personJson } from "./actor.ts";
import { chatJson, messageJson, readMarkJson } from "./chat-json.ts";
import { messageRoutes, senderOf } from "./chat-messages.ts";
import { voteRoutes } from "./chat-votes.ts";

/** /api/chats: chats and their messages, the caller's own (every chat for an admin). */
export function chatRoutes(
  router: Router,
  deps: {
    chat: Client<typeof ChatService>;
    identity: Client<typeof IdentityService>;
    listings: Client<typeof ListingsService>;
  },
  doc: ApiDoc,
): void {
  const { chat, identity, listings } = deps;

  /** A chat as JSON with its owner: the caller, or (an admin at another's chat) looked up. */
  async function json(c: Chat | undefined, me: Acting) {
    if (!c) throw new AppError("internal", "The chat service answered without a chat");
    if (c.userId === me.user.id) return chatJson(c, { _id: me.user.id, email: me.user.email });
    const owner = await getUser(identity, c.userId);
    return chatJson(c, { _id: c.userId, email: owner?.email ?? "" });
  }
  const id = (k: { params: Record<string, string | undefined> }) => k.params.id ?? "";

  doc.add(contract.list);
  router.get("/api/chats", requireUser, async (k) => {
    const me = actingUser(k);
    const { chats } = await chat.listChats({}, me.call);
    // Bots shared with the caller are listed too, their owners named by id only.
    k.body = chats.map((c) =>
      chatJson(c, c.userId === me.user.id ? { _id: me.user.id, email: me.user.email } : undefined),
    );
  });

  // Registered before the /:id routes, so no chat-id route can ever shadow it.
  doc.add(contract.allGrouped);
  router.get("/api/chats/admin/all-grouped", requireAdmin, async (k) => {
    const me = actingUser(k);
    const { groups } = await chat.listAllGrouped({}, me.call);
    const users = await lookUpUsers(
      identity,
      me.call,
      groups.map((g) => g.userId),
    );
    k.body = groups.map((g) => {
      const u = users.get(g.userId);
      // An owner gone from identity still gets a user object, so the admin screen can list the chats.
      const user = u
        ? personJson(u)
        : { _id: g.userId, firstname: "", lastname: "", fullname: "", email: "" };
      // Each chat carries its owner as `_user` too (admins read everyone's chats and need to see whose each is).
      const chats = g.chats.map((c) => ({
        ...chatJson(c, { _id: user._id, email: user.email }),
        _user: user,
      }));
      return { user, chats };
    });
  });

  doc.add(contract.get);
  router.get("/api/chats/:id", requireUser, async (k) => {
    const me = actingUser(k);
    const q = parse(ChatPagingQuery, k.query);
    const page = q.page ?? 1;
    const limit = q.limit ?? 20;
    const r = await chat.getChat({ chatId: id(k), page, limit }, me.call);
    const total = r.totalMessages;
    k.body = {
      ...(await json(r.chat, me)),
      messages: r.messages.map((m) => messageJson(m)),
      pagination: { page, limit, total, hasMore: page * limit < total },
      readMarks: r.readMarks.map(readMarkJson),
    };
  });

  doc.add(contract.create);
  router.post("/api/chats", requireUser, async (k) => {
    const me = actingUser(k);
    const { botId } = await body(k, CreateChatBody);
    const r = await chat.createChat({ botId }, me.call);
    k.body = await json(r.chat, me);
  });

  doc.add(contract.read);
  router.post("/api/chats/:id/read", requireUser, async (k) => {
    const me = actingUser(k);
    const r = await chat.markRead({ chatId: id(k), reader: senderOf(me.user) }, me.call);
    k.body = await json(r.chat, me);
  });

  doc.add(contract.favorite);
  router.post("/api/chats/:id/favorite", requireUser, async (k) => {
    const me = actingUser(k);
    const r = await chat.toggleFavorite({ chatId: id(k) }, me.call);
    k.body = await json(r.chat, me);
  });

  messageRoutes(router, chat, doc);
  voteRoutes(router, { chat, listings }, doc);
}
