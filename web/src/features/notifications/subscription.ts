import { PushError, PushErrors } from "./texts.ts";

// The push subscription as the server stores it (endpoint, expirationTime, keys p256dh and
// auth) and the checks on what the browser's push manager and the server hand us (a subscription
// must have an endpoint and both keys).

export interface SubscriptionJson {
  endpoint: string;
  expirationTime: number | null;
  keys: { p256dh: string; auth: string };
}

const BAD_KEY = "The server's push key is not a valid VAPID key";
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function isHttps(endpoint: unknown): endpoint is string {
  if (typeof endpoint !== "string") return false;
  try {
    return new URL(endpoint).protocol === "https:";
  } catch {
    return false;
  }
}

const isKey = (value: unknown): value is string => typeof value === "string" && BASE64URL.test(value);

/**
 * What the server's subscribe call is given: an https endpoint and both keys, else 'Invalid
 * subscription: missing required fields'.
 */
export function subscriptionForSave(json: unknown): SubscriptionJson {
  const s = (json ?? {}) as Partial<{ endpoint: unknown; expirationTime: unknown; keys: unknown }>;
  const keys = (s.keys ?? {}) as Partial<{ p256dh: unknown; auth: unknown }>;
  if (!isHttps(s.endpoint) || !isKey(keys.p256dh) || !isKey(keys.auth)) {
    throw new PushError(PushErrors.missingFields);
  }
  const expirationTime = typeof s.expirationTime === "number" ? s.expirationTime : null;
  return { endpoint: s.endpoint, expirationTime, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/** What the unsubscribe call needs: the endpoint alone, else 'Invalid subscription: missing endpoint'. */
export function subscriptionForRemoval(json: unknown): { endpoint: string } {
  const endpoint = (json as { endpoint?: unknown } | null)?.endpoint;
  if (typeof endpoint !== "string" || !endpoint) throw new PushError(PushErrors.missingEndpoint);
  return { endpoint };
}

/**
 * The push manager's answer (a PushSubscription's toJSON()): none or no endpoint is 'Invalid
 * subscription received from push manager', no keys 'Subscription keys are missing', then the
 * checks of the save.
 */
export function subscriptionFromPushManager(json: unknown): SubscriptionJson {
  const s = json as { endpoint?: unknown; keys?: unknown } | null | undefined;
  if (!s || typeof s !== "object" || typeof s.endpoint !== "string" || !s.endpoint) {
    throw new PushError(PushErrors.invalidFromPushManager);
  }
  if (!s.keys || typeof s.keys !== "object") throw new PushError(PushErrors.keysMissing);
  return subscriptionForSave(json);
}

/**
 * The server's VAPID public key (GET /api/notifications/vapid-public-key → {publicKey}) as the
 * bytes pushManager.subscribe wants: base64url of an uncompressed P-256 point (65 bytes, 0x04
 * first). Anything else is refused before the browser is asked; there is no text of its own for a server
 * that sends a broken key, so the toggle's 'Failed to change subscription status' says it all.
 */
export function vapidKeyBytes(answer: unknown): Uint8Array<ArrayBuffer> {
  const key = (answer as { publicKey?: unknown } | null)?.publicKey;
  if (typeof key !== "string" || !BASE64URL.test(key)) throw new Error(BAD_KEY);
  const bytes = base64UrlToBytes(key);
  if (bytes.length !== 65 || bytes[0] !== 4) throw new Error(BAD_KEY);
  return bytes;
}

export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether an existing subscription was made with this key (a new server key needs a new one). */
export function sameKey(current: ArrayBuffer | null | undefined, wanted: Uint8Array): boolean {
  if (!current) return false;
  const have = new Uint8Array(current);
  return have.length === wanted.length && have.every((b, i) => b === wanted[i]);
}
