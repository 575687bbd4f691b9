import type { Client } from "@connectrpc/connect";
import type { ChatService } from "@dirabot/proto/chat/v1/chat_pb.js";
import type { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import type Router from "@koa/router";
import type { ApiDoc } from "../openapi.ts";

/** /api/chats: chats and messages (SPEC.md §7 Chats). */
export function chatRoutes(
  _router: Router,
  _deps: { chat: Client<typeof ChatService>; identity: Client<typeof IdentityService> },
  _doc: ApiDoc,
): void {}
