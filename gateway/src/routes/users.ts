import { type Client, Code, ConnectError } from "@connectrpc/connect";
import { userRoutes as contract, UserFilterQuery, type User as UserJson, UserPatchBody } from "@dirabot/api";
import { AppError } from "@dirabot/platform";
import type { IdentityService, User } from "@dirabot/proto/identity/v1/identity_pb.js";
import type { TelegramService } from "@dirabot/proto/telegram/v1/telegram_pb.js";
import type Router from "@koa/router";
import * as z from "zod";
import { currentUser, requireAdmin, requireUser, type SessionCache } from "../auth/session.ts";
import { userJson } from "../auth/user-json.ts";
import { body, parse } from "../body.ts";
import type { ApiDoc } from "../openapi.ts";
import { callAs } from "./actor.ts";
import { notifyChange } from "./user-notify.ts";

const Id = z.string().uuid({ message: "User not found" });

/** /api/users: me, profile and admin user management (the identity service enforces the rules too). */
export function userRoutes(
  router: Router,
  deps: {
    identity: Client<typeof IdentityService>;
    telegram: Client<typeof TelegramService>;
    sessions?: SessionCache;
  },
  doc: ApiDoc,
): void {
  const { identity, telegram } = deps;
  doc.add(contract.me);
  router.get("/api/users/me", async (k) => {
    k.body = await meJson(deps, currentUser(k, { allowBanned: true }).id);
  });

  doc.add(contract.filter);
  router.get("/api/users/filter", requireAdmin, async (k) => {
    const { search } = parse(UserFilterQuery, k.query);
    const { users } = await identity.listUsers({ search }, callAs(k));
    k.body = users.map(userJson);
  });

  doc.add(contract.count);
  router.get("/api/users/count", requireAdmin, async (k) => {
    const c = await identity.countUsers({}, callAs(k));
    k.body = {
      count: Number(c.count),
      bannedCount: Number(c.bannedCount),
      createdLastDay: Number(c.createdLastDay),
    };
  });

  doc.add(contract.update);
  router.patch("/api/users/:id", requireUser, async (k) => {
    const id = parse(Id, k.params.id);
    const patch = await body(k, UserPatchBody);
    const { user } = await identity.updateUser(
      {
        id,
        ...patch,
        roles: patch.roles ?? [],
        notify: notifyChange(patch.notify),
        places: patch.places && { places: patch.places.map((p) => ({ ...p, id: p.id ?? "" })) },
      },
      callAs(k),
    );
    // The cached session carries the old user: the caller's next answers (their error messages'
    // language) follow the change at once, not when the cache runs out.
    if (id === currentUser(k).id && typeof k.state.token === "string") deps.sessions?.forget(k.state.token);
    // The answer replaces the SPA's user: it must say the Telegram link as GET /me does.
    k.body = { user: user && userJson(await withTelegramLink(user, telegram)) };
  });

  doc.add(contract.remove);
  router.delete("/api/users/:id", requireAdmin, async (k) => {
    const id = parse(Id, k.params.id);
    await identity.deleteUser({ id }, callAs(k));
    k.body = { status: "success", message: "User deleted" };
  });
}

/** The user with their Telegram link, which lives in the telegram service; as it was when that cannot answer. */
/**
 * GET /api/users/me's answer for the signed-in user `id` (also what a page the gateway draws
 * carries, pages.ts). A user deleted a moment ago may still sit in the session cache: that is a
 * lost session.
 */
export async function meJson(
  deps: { identity: Client<typeof IdentityService>; telegram: Client<typeof TelegramService> },
  id: string,
): Promise<{ user: UserJson | undefined }> {
  const { user } = await deps.identity.getUser({ id }).catch((err) => {
    if (ConnectError.from(err).code === Code.NotFound)
      throw new AppError("unauthenticated", "Authentication required");
    throw err;
  });
  return { user: user && userJson(await withTelegramLink(user, deps.telegram)) };
}

async function withTelegramLink(user: User, telegram: Client<typeof TelegramService>): Promise<User> {
  const link = await telegram.getLink({ userId: user.id }).catch(() => undefined);
  if (link)
    user.telegram = {
      $typeName: "dirabot.identity.v1.TelegramLink",
      linked: link.linked,
      username: link.username,
    };
  return user;
}
