import type { Client } from "@connectrpc/connect";
import type { BotsService } from "@dirabot/proto/bots/v1/bots_pb.js";
import type { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import type Router from "@koa/router";
import type { ApiDoc } from "../openapi.ts";

/** /api/requests: the caller's bots (SPEC.md §7 Requests). Registered after the neighbourhood routes. */
export function botRoutes(
  _router: Router,
  _deps: { bots: Client<typeof BotsService>; identity: Client<typeof IdentityService> },
  _doc: ApiDoc,
): void {}
