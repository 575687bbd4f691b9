import { timestampDate } from "@bufbuild/protobuf/wkt";
import { type Client, Code, ConnectError } from "@connectrpc/connect";
import { AppError } from "@dirabot/platform";
import type { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import type { TelegramService } from "@dirabot/proto/telegram/v1/telegram_pb.js";
import type Router from "@koa/router";
import * as z from "zod";
import { currentUser, requireAdmin, requireUser } from "../auth/session.ts";
import { userJson } from "../auth/user-json.ts";
import { body, parse } from "../body.ts";
import type { ApiDoc } from "../openapi.ts";
import { callAs } from "./actor.ts";

const Patch = z
  .object({
    firstname: z.string().max(80),
    lastname: z.string().max(80),
    avatar: z.string().max(8),
    roles: z.array(z.enum(["user", "admin"], { message: "Roles must be user or admin" })).max(2),
    isBanned: z.boolean(),
    bannedReason: z.string().max(500),
  })
  .partial();
const Filter = z.object({ search: z.string().max(200).optional().default("") });
const Id = z.string().uuid({ message: "User not found" });

/** /api/users: me, profile and admin user management (the identity service enforces the rules too). */
export function userRoutes(
  router: Router,
  deps: { identity: Client<typeof IdentityService>; telegram: Client<typeof TelegramService> },
  doc: ApiDoc,
): void {
  const { identity, telegram } = deps;
  doc.add("get", "/api/users/me", "The signed-in user (banned users too, to be shown /banned)", {
    200: "{user}",
    401: "Not signed in",
  });
  router.get("/api/users/me", async (k) => {
    const me = currentUser(k, { allowBanned: true });
    // A user deleted a moment ago may still sit in the session cache: that is a lost session.
    const { user } = await identity.getUser({ id: me.id }).catch((err) => {
      if (ConnectError.from(err).code === Code.NotFound)
        throw new AppError("unauthenticated", "Authentication required");
      throw err;
    });
    // The link lives in the telegram service; when it cannot answer, the profile still loads.
    const link = await telegram.getLink({ userId: me.id }).catch(() => undefined);
    if (user && link)
      user.telegram = {
        $typeName: "dirabot.identity.v1.TelegramLink",
        linked: link.linked,
        username: link.username,
      };
    k.body = { user: user && userJson(user) };
  });

  doc.add("post", "/api/users/me/telegram-link", "A code and deep link to link a Telegram account", {
    200: "{code, url, expiresAt}",
    401: "Not signed in",
  });
  router.post("/api/users/me/telegram-link", requireUser, async (k) => {
    const r = await telegram.createLinkCode({}, callAs(k));
    k.body = {
      code: r.code,
      url: r.url,
      expiresAt: r.expiresAt ? timestampDate(r.expiresAt).toISOString() : null,
    };
  });

  doc.add("get", "/api/users/filter", "Users matching ?search= (admin)", {
    200: "user[]",
    403: "Admins only",
  });
  router.get("/api/users/filter", requireAdmin, async (k) => {
    const { search } = parse(Filter, k.query);
    const { users } = await identity.listUsers({ search }, callAs(k));
    k.body = users.map(userJson);
  });

  doc.add("get", "/api/users/count", "User counts for the dashboard (admin)", {
    200: "{count, bannedCount, createdLastDay}",
    403: "Admins only",
  });
  router.get("/api/users/count", requireAdmin, async (k) => {
    const c = await identity.countUsers({}, callAs(k));
    k.body = {
      count: Number(c.count),
      bannedCount: Number(c.bannedCount),
      createdLastDay: Number(c.createdLastDay),
    };
  });

  doc.add("patch", "/api/users/:id", "Change a user: own names and avatar; roles and bans by admins", {
    200: "{user}",
    400: "Invalid",
    403: "Not allowed",
  });
  router.patch("/api/users/:id", requireUser, async (k) => {
    const id = parse(Id, k.params.id);
    const patch = await body(k, Patch);
    const { user } = await identity.updateUser({ id, ...patch, roles: patch.roles ?? [] }, callAs(k));
    k.body = { user: user && userJson(user) };
  });

  doc.add("delete", "/api/users/:id", "Delete a user (admin)", {
    200: "{status}",
    403: "Admins only",
    404: "No such user",
  });
  router.delete("/api/users/:id", requireAdmin, async (k) => {
    const id = parse(Id, k.params.id);
    await identity.deleteUser({ id }, callAs(k));
    k.body = { status: "success", message: "User deleted" };
  });
}
