import { type Timestamp, timestampDate } from "@bufbuild/protobuf/wkt";
import type { Client } from "@connectrpc/connect";
import { accessRoutes as contract, DeviceId } from "@dirabot/api";
import { AppError } from "@dirabot/platform";
import type { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import type { NotificationsService } from "@dirabot/proto/notifications/v1/notifications_pb.js";
import type { TelegramService } from "@dirabot/proto/telegram/v1/telegram_pb.js";
import type Router from "@koa/router";
import type { Context } from "koa";
import { clearSessionCookie } from "../auth/cookie.ts";
import { requireUser, type SessionCache } from "../auth/session.ts";
import type { ApiDoc } from "../openapi.ts";
import { actingUser, callAs } from "./actor.ts";

const iso = (t: Timestamp | undefined) => (t ? timestampDate(t) : new Date(0)).toISOString();

/** A path id, or the same 404 an unknown one gets. */
const idOf = (k: Context, what: string) => {
  const id = DeviceId.safeParse(k.params.id);
  if (!id.success) throw new AppError("not_found", `${what} not found`);
  return id.data;
};

/** The browser that made a request, kept with its session or push subscription for the profile. */
export const userAgentOf = (k: Context): string => (k.get("user-agent") ?? "").slice(0, 512);

/**
 * What can reach the caller's account, each with a way to end it (the profile): sessions, push
 * devices and the linked Telegram account. The services answer only the actor's own.
 */
export function accessRoutes(
  router: Router,
  deps: {
    identity: Client<typeof IdentityService>;
    notifications: Client<typeof NotificationsService>;
    telegram: Client<typeof TelegramService>;
    sessions: SessionCache;
    secureCookie: boolean;
  },
  doc: ApiDoc,
): void {
  const { identity, notifications, telegram } = deps;
  doc.add(contract.sessions);
  router.get("/api/users/me/sessions", requireUser, async (k) => {
    const { sessions } = await identity.listSessions({}, callAs(k));
    k.body = sessions.map((s) => ({
      id: s.id,
      userAgent: s.userAgent,
      signedInAt: iso(s.createdAt),
      lastActiveAt: iso(s.lastSeenAt),
      current: s.current,
    }));
  });

  doc.add(contract.endSession);
  router.delete("/api/users/me/sessions/:id", requireUser, async (k) => {
    const id = idOf(k, "Session");
    const { actor, call } = actingUser(k);
    const current = actor.sessionId === id;
    await identity.endSession({ id }, call);
    // Every replica drops the ended session on sessions.ended; this one at once, before it answers.
    deps.sessions.end({ userId: actor.userId, sessionIds: [id], all: false });
    if (current) clearSessionCookie(k, deps.secureCookie);
    k.body = { ended: true, current };
  });

  doc.add(contract.pushDevices);
  router.get("/api/users/me/push-subscriptions", requireUser, async (k) => {
    const [{ devices }, { sessions }] = await Promise.all([
      notifications.listSubscriptions({}, callAs(k)),
      identity.listSessions({}, callAs(k)),
    ]);
    // A device ends with its session when sessions.ended reaches notifications; identity knows at
    // once, so a device whose session just ended is not shown as still receiving.
    const live = new Set(sessions.map((s) => s.id));
    k.body = devices
      .filter((d) => !d.sessionId || live.has(d.sessionId))
      .map((d) => ({
        id: d.id,
        userAgent: d.userAgent,
        addedAt: iso(d.createdAt),
        lastUsedAt: iso(d.lastUsedAt),
        thisSession: d.currentSession,
      }));
  });

  doc.add(contract.removePushDevice);
  router.delete("/api/users/me/push-subscriptions/:id", requireUser, async (k) => {
    await notifications.removeSubscription({ id: idOf(k, "Device") }, callAs(k));
    k.body = { removed: true };
  });

  doc.add(contract.unlinkTelegram);
  router.delete("/api/users/me/telegram-link", requireUser, async (k) => {
    k.body = { unlinked: (await telegram.unlink({}, callAs(k))).unlinked };
  });
}
