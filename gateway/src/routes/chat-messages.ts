import type { Client } from "@connectrpc/connect";
import { AppError } from "@dirabot/platform";
import type { ChatService } from "@dirabot/proto/chat/v1/chat_pb.js";
import type Router from "@koa/router";
import * as z from "zod";
import { requireUser } from "../auth/session.ts";
import { body } from "../body.ts";
import type { ApiDoc } from "../openapi.ts";
import { actorOf, callAs } from "./actor.ts";
import { messageJson } from "./chat-json.ts";

/** The chat pane sends {content, tempId}; the spec's other shape {content, type: 'text', sender: 'user'}. */
const Send = z.object({
  content: z.string({ error: "Message content is required" }),
  tempId: z.string({ error: "tempId must be text" }).max(100, "tempId is too long").optional(),
  type: z.literal("text", { error: "Only text messages can be sent" }).optional(),
  // Who sends is the session's user; the body's sender ('user') is accepted and ignored.
  sender: z.unknown().optional(),
});

const id = (k: { params: Record<string, string | undefined> }, name = "id") => k.params[name] ?? "";

/** /api/chats/:id/messages…: sending, starring and the starred list (part of chatRoutes). */
export function messageRoutes(router: Router, chat: Client<typeof ChatService>, doc: ApiDoc): void {
  doc.add("post", "/api/chats/:id/messages", "Send a text message {content, tempId?}", {
    201: "message",
    400: "Blank, too long or malformed",
    401: "Not signed in",
    404: "No such chat",
  });
  router.post("/api/chats/:id/messages", requireUser, async (k) => {
    const { user, call } = actorOf(k);
    const b = await body(k, Send);
    const { message } = await chat.sendMessage(
      {
        chatId: id(k),
        content: b.content,
        tempId: b.tempId ?? "",
        sender: {
          userId: user.id,
          firstname: user.firstname,
          lastname: user.lastname,
          email: user.email,
          avatar: user.avatar,
          roles: user.roles,
        },
      },
      call,
    );
    if (!message) throw new AppError("internal", "The chat service answered without a message");
    k.status = 201;
    k.body = messageJson(message);
  });

  doc.add("post", "/api/chats/:id/messages/:messageId/star", "Star or unstar a message", {
    200: "message",
    401: "Not signed in",
    404: "No such chat or message",
  });
  router.post("/api/chats/:id/messages/:messageId/star", requireUser, async (k) => {
    const r = await chat.toggleStar({ chatId: id(k), messageId: id(k, "messageId") }, callAs(k));
    if (!r.message) throw new AppError("internal", "The chat service answered without a message");
    k.body = messageJson(r.message);
  });

  doc.add("get", "/api/chats/:id/messages/starred", "The chat's starred messages, in time order", {
    200: "message[]",
    401: "Not signed in",
    404: "No such chat",
  });
  router.get("/api/chats/:id/messages/starred", requireUser, async (k) => {
    const r = await chat.listStarred({ chatId: id(k) }, callAs(k));
    k.body = r.messages.map(messageJson);
  });
}
