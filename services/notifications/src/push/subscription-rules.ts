import { ECDH } from "node:crypto";
import { AppError } from "@dirabot/platform";

/** The web app's own texts for these faults where it has them (so both read the same), and ours for the checks only the server makes. */
export const SUBSCRIPTION_ERRORS = {
  fields: "Invalid subscription: missing required fields",
  endpoint: "Invalid subscription: missing endpoint",
  keys: "Subscription keys are missing",
  https: "Invalid subscription: the endpoint must be an https URL",
  badKeys: "Invalid subscription: the keys are not a browser's push keys",
  port: "Invalid subscription: the endpoint must be on port 443",
  limit: "This account already has 10 devices receiving notifications: remove one in your profile first",
} as const;

/** Browsers (push devices) one account may have subscribed. */
export const MAX_SUBSCRIPTIONS = 10;

export interface SubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
}

const B64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const MAX_ENDPOINT = 2048;

const bytes = (s: string) => (B64URL.test(s) ? Buffer.from(s, "base64url") : undefined);

/** An endpoint the worker may POST to: https, a host, no credentials, not absurdly long. */
export function checkEndpoint(raw: string): string {
  const endpoint = raw.trim();
  if (!endpoint) throw new AppError("invalid_argument", SUBSCRIPTION_ERRORS.endpoint);
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new AppError("invalid_argument", SUBSCRIPTION_ERRORS.https);
  }
  if (
    url.protocol !== "https:" ||
    !url.hostname ||
    url.username ||
    url.password ||
    endpoint.length > MAX_ENDPOINT
  )
    throw new AppError("invalid_argument", SUBSCRIPTION_ERRORS.https);
  return endpoint;
}

/**
 * A subscription as PushSubscription.toJSON() gives it: an https endpoint on 443, the browser's P-256
 * public key (an uncompressed point on the curve) and a 16-byte auth secret. Anything else would
 * only fail later, at every send.
 */
export function checkSubscription(
  s: SubscriptionInput,
  privateHosts: readonly string[] = [],
): SubscriptionInput {
  const endpoint = checkEndpoint(s.endpoint);
  // Push services listen on 443: any other port would make every match a POST to whatever listens
  // there. The push service double's `host:port` (PUSH_PRIVATE_HOSTS) is the one exception.
  const url = new URL(endpoint);
  if (url.port !== "" && !privateHosts.includes(url.host))
    throw new AppError("invalid_argument", SUBSCRIPTION_ERRORS.port);
  const p256dh = s.p256dh.trim();
  const auth = s.auth.trim();
  if (!p256dh || !auth) throw new AppError("invalid_argument", SUBSCRIPTION_ERRORS.keys);
  const point = bytes(p256dh);
  const secret = bytes(auth);
  if (point?.length !== 65 || point[0] !== 4 || secret?.length !== 16 || !onCurve(point))
    throw new AppError("invalid_argument", SUBSCRIPTION_ERRORS.badKeys);
  return { endpoint, p256dh, auth };
}

function onCurve(point: Buffer): boolean {
  try {
    ECDH.convertKey(point, "prime256v1", undefined, undefined, "compressed");
    return true;
  } catch {
    return false;
  }
}
