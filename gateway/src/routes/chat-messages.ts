import type { Client } from "@connectrpc/connect";
import { chatRoutes as contract, SendMessageBody } from "@dirabot/api";
import { AppError } from "@dirabot/platform";
import type { ChatService } from "@dirabot/proto/chat/v1/chat_pb.js";
import type Router from "@koa/router";
import { requireUser } from "../auth/session.ts";
import { body } from "../body.ts";
import type { ApiDoc } from "../openapi.ts";
import { type Acting, actingUser, callAs } from "./actor.ts";
import { messageJson } from "./chat-json.ts";

/** The session's user as a message's sender (and a voter's, a reader's): a snapshot. */
export const senderOf = (user: Acting["user"]) => ({
  userId: user.id,
  firstname: user.firstname,
  lastname: user.lastname,
  email: user.email,
  avatar: user.avatar,
  roles: user.roles,
});

const id = (k: { params: Record<string, string | undefined> }, name = "id") => k.params[name] ?? "";

/** /api/chats/:id/messages…: sending, starring and the starred list (part of chatRoutes). */
export function messageRoutes(router: Router, chat: Client<typeof ChatService>, doc: ApiDoc): void {
  doc.add(contract.send);
  router.post("/api/chats/:id/messages", requireUser, async (k) => {
    const { user, call } = actingUser(k);
    const b = await body(k, SendMessageBody);
    const { message } = await chat.sendMessage(
      {
        chatId: id(k),
        content: b.content,
        tempId: b.tempId ?? "",
        sender: senderOf(user),
      },
      call,
    );
    if (!message) throw new AppError("internal", "The chat service answered without a message");
    k.status = 201;
    k.body = messageJson(message);
  });

  doc.add(contract.star);
  router.post("/api/chats/:id/messages/:messageId/star", requireUser, async (k) => {
    const r = await chat.toggleStar({ chatId: id(k), messageId: id(k, "messageId") }, callAs(k));
    if (!r.message) throw new AppError("internal", "The chat service answered without a message");
    k.body = messageJson(r.message);
  });

  doc.add(contract.starred);
  router.get("/api/chats/:id/messages/starred", requireUser, async (k) => {
    const r = await chat.listStarred({ chatId: id(k) }, callAs(k));
    k.body = r.messages.map((m) => messageJson(m));
  });
}
