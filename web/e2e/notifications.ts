import { randomUUID } from "node:crypto";
import { createClient } from "@connectrpc/connect";
import { remoteTransport, ServiceTrust } from "@dirabot/platform";
import { NotificationsService } from "@dirabot/proto/notifications/v1/notifications_pb.js";
import { type APIRequestContext, type BrowserContext, expect, type Page } from "@playwright/test";

// The notifications specs' helpers: notifications made through the product's own API, and a
// stand-in for the one outside piece a browser test cannot reach — the browser's push service
// (FCM for Chromium). Everything else is real: the permission, the service worker, the gateway.

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export interface Sent {
  title: string;
  body: string;
  url?: string;
}

/** A notification for the account, as the test form sends it (POST /api/notifications/test). */
export async function notify(request: APIRequestContext, token: string, sent: Sent): Promise<void> {
  const response = await request.post("/api/notifications/test", { headers: auth(token), data: sent });
  expect(response.status(), await response.text()).toBe(201);
}

export async function unreadCount(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get("/api/notifications?limit=1&skip=0", { headers: auth(token) });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { unread: number }).unread;
}

/** Whether the server holds this endpoint for the account (the gateway's subscription check). */
export async function serverHasSubscription(
  request: APIRequestContext,
  token: string,
  endpoint: string,
): Promise<boolean> {
  const response = await request.post("/api/notifications/subscription-status", {
    headers: auth(token),
    data: { endpoint },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { subscribed: boolean }).subscribed === true;
}

export interface FakePush {
  endpoint: string;
}

/** A browser's subscription at the push double: its endpoint, and keys it can decrypt with. */
export interface BrowserSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

const pushDouble = () => {
  const url = process.env.E2E_PUSH_DOUBLE;
  if (!url) throw new Error("E2E_PUSH_DOUBLE names the push receiver's control server (scripts/e2e.ts)");
  return url;
};

/** A new browser at the local push service (scripts/e2e-push.ts). */
export async function pushServiceSubscription(): Promise<BrowserSubscription> {
  const response = await fetch(`${pushDouble()}/subscription`, { method: "POST" });
  return (await response.json()) as BrowserSubscription;
}

/** What the push service received for that browser, decrypted: the payloads the server sent. */
export async function pushesReceived(id: string): Promise<Record<string, unknown>[]> {
  const response = await fetch(`${pushDouble()}/received/${id}`);
  return ((await response.json()) as { payload: Record<string, unknown> }[]).map((r) => r.payload);
}

/**
 * Chromium's push service is Google's, out of reach here: PushManager's subscribe and
 * getSubscription are replaced, before the app loads, by ones that hand out `given` (a browser at
 * the local push service, which decrypts what the server sends it) or else a subscription with an
 * opaque https endpoint and real-looking keys (a P-256 point and a 16-byte secret). The
 * subscription survives reloads (localStorage), and the calls are recorded for the spec to check
 * (userVisibleOnly, the server's VAPID key). Without permission subscribe fails as Chromium's does.
 */
export async function fakePushService(page: Page, given?: BrowserSubscription): Promise<FakePush> {
  // Without the push double: an opaque endpoint nobody answers, an uncompressed P-256 point (RFC
  // 8291's example receiver key) and a 16-byte auth secret.
  const endpoint = given?.endpoint ?? `https://push.e2e.invalid/send/${randomUUID()}`;
  const keys = given?.keys ?? {
    p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
    auth: "BTBZMqHH6r4Tts7J_aSIgg",
  };
  await page.addInitScript(
    ({ endpoint, keys }) => {
      const KEY = "e2e-push-subscription";
      const calls: Array<{ userVisibleOnly: boolean; key: string }> = [];
      (window as unknown as { __e2ePushCalls: typeof calls }).__e2ePushCalls = calls;
      const toText = (bytes: Uint8Array) =>
        btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, "-")
          .replace(/\//g, "_")
          .replace(/=+$/, "");
      const toBytes = (text: string) =>
        Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
      const made = (key: string) => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: toBytes(key).buffer },
        getKey: () => null,
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => {
          localStorage.removeItem(KEY);
          return true;
        },
      });
      PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
        if (Notification.permission !== "granted") {
          throw new DOMException("Registration failed - permission denied", "NotAllowedError");
        }
        const raw = options?.applicationServerKey;
        const bytes =
          raw instanceof ArrayBuffer
            ? new Uint8Array(raw)
            : ArrayBuffer.isView(raw)
              ? new Uint8Array(raw.buffer)
              : null;
        const key = bytes ? toText(bytes) : String(raw ?? "");
        calls.push({ userVisibleOnly: options?.userVisibleOnly === true, key });
        localStorage.setItem(KEY, key);
        return made(key) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function getSubscription() {
        const key = localStorage.getItem(KEY);
        return (key ? made(key) : null) as unknown as PushSubscription | null;
      };
    },
    { endpoint, keys },
  );
  return { endpoint };
}

/** Notification permission as if the person had allowed it in the browser's prompt. */
export async function allowNotifications(context: BrowserContext, baseURL: string): Promise<void> {
  await context.grantPermissions(["notifications"], { origin: baseURL });
}

/** The page is controlled by /service-worker.js (registered at start, it claims open pages). */
export async function workerControls(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 15_000,
  });
}

/**
 * Delivers a push to the page's service worker as the push service would, through Chromium's
 * DevTools protocol (ServiceWorker.deliverPushMessage): the worker's push handler runs with this
 * payload.
 */
export async function deliverPush(page: Page, payload: Record<string, unknown>): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const origin = new URL(page.url()).origin;
  // The registration of the page's scope once its worker is activated: a push handed to a worker
  // still installing (a loaded machine registers late) would find no handler to run.
  const registrationId = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no activated service worker seen")), 20_000);
    let mine: string | null = null;
    const activated = new Set<string>();
    const settle = () => {
      if (mine && activated.has(mine)) {
        clearTimeout(timer);
        resolve(mine);
      }
    };
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const found = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (found) mine = found.registrationId;
      settle();
    });
    cdp.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
      for (const v of versions) if (v.status === "activated") activated.add(v.registrationId);
      settle();
    });
    void cdp.send("ServiceWorker.enable");
  });
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin,
    registrationId,
    data: JSON.stringify(payload),
  });
  await cdp.detach();
}

/** The notifications the service worker is showing now (title, body, data). */
export function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications();
    return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as { url?: string } }));
  });
}

export type NotificationType =
  | "property_match"
  | "system"
  | "request_verified"
  | "password_reset"
  | "new_feature";

/**
 * A notification of any type, made as the product makes them: through the notifications service on
 * the product's internal listener, called as the gateway (scripts/e2e.ts passes its address and
 * the service secret). The test form makes only 'system' ones.
 */
export async function notifyTyped(
  request: APIRequestContext,
  token: string,
  n: Sent & { type: NotificationType },
): Promise<string> {
  const internal = process.env.E2E_INTERNAL_URL;
  const secret = process.env.E2E_SERVICE_SECRET;
  if (!internal || !secret)
    throw new Error("E2E_INTERNAL_URL and E2E_SERVICE_SECRET name the internal listener");
  const me = (await (await request.get("/api/users/me", { headers: auth(token) })).json()) as {
    user: { _id: string };
  };
  const client = createClient(
    NotificationsService,
    remoteTransport(internal, new ServiceTrust(secret), "gateway"),
  );
  const made = await client.createNotification({
    userId: me.user._id,
    type: n.type,
    title: n.title,
    body: n.body,
    url: n.url ?? "",
  });
  return made.notification?.id ?? "";
}

export async function markOneRead(request: APIRequestContext, token: string, id: string): Promise<void> {
  const response = await request.patch(`/api/notifications/${id}/read`, { headers: auth(token) });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Walks the setup guide of /notifications to its end on a desktop browser (install skipped). */
export async function turnOnPush(page: Page): Promise<void> {
  await page.goto("/notifications");
  const guide = page.getByRole("region", { name: "Notification setup" });
  await guide.getByRole("button", { name: "Skip" }).click();
  await guide.getByRole("button", { name: "Next" }).click();
  await guide.getByLabel("Push notifications on this device").click({ force: true });
  await guide.getByRole("button", { name: "Next" }).click();
  await expect(guide.getByRole("heading", { name: "Notifications Setup Complete" })).toBeVisible();
}
