import type { Client } from "@connectrpc/connect";
import { AppError } from "@dirabot/platform";
import type { Chat, ChatService } from "@dirabot/proto/chat/v1/chat_pb.js";
import type { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import type Router from "@koa/router";
import * as z from "zod";
import { requireAdmin, requireUser } from "../auth/session.ts";
import { body, parse } from "../body.ts";
import type { ApiDoc } from "../openapi.ts";
import { actorOf, getUser, lookUpUsers, personJson } from "./actor.ts";
import { chatJson, messageJson } from "./chat-json.ts";
import { messageRoutes } from "./chat-messages.ts";

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
const Paging = z.object({
  page: whole("page", "page must be a whole number of at least 1", 1, 1_000_000),
  limit: whole("limit", "limit must be a whole number from 1 to 100", 1, 100),
});
const Create = z.object({ botId: z.string({ error: "botId is required" }).min(1, "botId is required") });

/** /api/chats: chats and messages (SPEC.md §7 Chats). */
export function chatRoutes(
  router: Router,
  deps: { chat: Client<typeof ChatService>; identity: Client<typeof IdentityService> },
  doc: ApiDoc,
): void {
  const { chat, identity } = deps;

  /** A chat as JSON with its owner: the caller, or (an admin at another's chat) looked up. */
  async function json(c: Chat | undefined, me: ReturnType<typeof actorOf>) {
    if (!c) throw new AppError("internal", "The chat service answered without a chat");
    if (c.userId === me.user.id) return chatJson(c, { _id: me.user.id, email: me.user.email });
    const owner = await getUser(identity, c.userId);
    return chatJson(c, { _id: c.userId, email: owner?.email ?? "" });
  }
  const id = (k: { params: Record<string, string | undefined> }) => k.params.id ?? "";

  doc.add("get", "/api/chats", "The caller's chats, last message newest first", {
    200: "chat[]",
    401: "Not signed in",
  });
  router.get("/api/chats", requireUser, async (k) => {
    const me = actorOf(k);
    const { chats } = await chat.listChats({}, me.call);
    k.body = chats.map((c) => chatJson(c, { _id: me.user.id, email: me.user.email }));
  });

  // Registered before the /:id routes, so no chat-id route can ever shadow it.
  doc.add("get", "/api/chats/admin/all-grouped", "Every chat grouped by owner (admins)", {
    200: "[{user, chats[]}]",
    401: "Not signed in",
    403: "Admins only",
  });
  router.get("/api/chats/admin/all-grouped", requireAdmin, async (k) => {
    const me = actorOf(k);
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
      // Each chat carries its owner as `_user` too (SPEC.md §3: attached for admins).
      const chats = g.chats.map((c) => ({
        ...chatJson(c, { _id: user._id, email: user.email }),
        _user: user,
      }));
      return { user, chats };
    });
  });

  doc.add(
    "get",
    "/api/chats/:id",
    "A chat with a page of messages (?page=1&limit=20; page 1 is the newest)",
    {
      200: "chat & {messages, pagination:{page, limit, total, hasMore}}",
      400: "A malformed page or limit",
      401: "Not signed in",
      404: "No such chat",
    },
  );
  router.get("/api/chats/:id", requireUser, async (k) => {
    const me = actorOf(k);
    const q = parse(Paging, k.query);
    const page = q.page ?? 1;
    const limit = q.limit ?? 20;
    const r = await chat.getChat({ chatId: id(k), page, limit }, me.call);
    const total = r.totalMessages;
    k.body = {
      ...(await json(r.chat, me)),
      messages: r.messages.map(messageJson),
      pagination: { page, limit, total, hasMore: page * limit < total },
    };
  });

  doc.add("post", "/api/chats", "The chat of one of the caller's bots {botId}", {
    200: "chat",
    400: "botId is required",
    401: "Not signed in",
    404: "No such bot",
  });
  router.post("/api/chats", requireUser, async (k) => {
    const me = actorOf(k);
    const { botId } = await body(k, Create);
    const r = await chat.createChat({ botId }, me.call);
    k.body = await json(r.chat, me);
  });

  doc.add(
    "post",
    "/api/chats/:id/read",
    "Mark the chat read (owners; an admin at another's chat changes nothing)",
    {
      200: "chat",
      401: "Not signed in",
      404: "No such chat",
    },
  );
  router.post("/api/chats/:id/read", requireUser, async (k) => {
    const me = actorOf(k);
    const r = await chat.markRead({ chatId: id(k) }, me.call);
    k.body = await json(r.chat, me);
  });

  doc.add("post", "/api/chats/:id/favorite", "Mark or unmark the chat as a favourite", {
    200: "chat",
    401: "Not signed in",
    404: "No such chat",
  });
  router.post("/api/chats/:id/favorite", requireUser, async (k) => {
    const me = actorOf(k);
    const r = await chat.toggleFavorite({ chatId: id(k) }, me.call);
    k.body = await json(r.chat, me);
  });

  messageRoutes(router, chat, doc);
}
