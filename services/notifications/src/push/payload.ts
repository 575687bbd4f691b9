import type { Locale } from "@dirabot/platform";
import type { NotificationRow } from "../db.ts";
import { bodyIn, titleIn } from "../delivery/words.ts";
import { storyUrl } from "../match-summary.ts";

/**
 * What the service worker receives, encrypted (aes128gcm): it shows `title` and `body`, opens
 * `url` on a click (a path of this site, or the notification's own link; a match's opens its
 * flat's story over its chat), and `tag` makes a
 * second copy of one notification replace the first instead of showing twice. A match adds its
 * listing's figures and first photo.
 */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  type: string;
  image?: string;
  match?: { price?: number; rooms?: number; area: string; size?: number; link: string };
}

/** How a push is sent: the push service keeps it `ttlSeconds` for an offline browser. */
export interface PushMessage {
  key: string;
  payload: PushPayload;
  urgency: "high" | "normal";
  /** Per message: the push service replaces an undelivered push of the same topic (a retry's twin). */
  topic: string;
  ttlSeconds: number;
}

const HOUR = 3600;
// A flat is gone in hours: a match older than this is not worth waking a phone for.
export const MATCH_TTL = 12 * HOUR;
export const OTHER_TTL = 24 * HOUR;
// Push services take 4 KiB of ciphertext; this leaves room for the record's overhead.
const MAX_PAYLOAD = 3000;

/** A Topic header: at most 32 characters of the URL-safe base64 alphabet. */
export const topicOf = (id: string) => id.replace(/[^A-Za-z0-9]/g, "").slice(0, 32);

/** A notification's push; a match's title and body in the recipient's language (others as written). */
export function pushOf(n: NotificationRow, locale: Locale = "en"): PushMessage {
  const m = n.match;
  const payload: PushPayload = {
    title: titleIn(locale, n),
    body: bodyIn(locale, n),
    url: n.url ? storyUrl(n.url, m?.listingId) : "/notifications",
    tag: `n-${n.id}`,
    type: n.type,
    ...(m
      ? {
          image: m.image || undefined,
          match: { price: m.price, rooms: m.rooms, area: m.area, size: m.size, link: m.link },
        }
      : {}),
  };
  const match = n.type === "property_match";
  return {
    key: n.id,
    payload: fit(payload),
    urgency: match ? "high" : "normal",
    topic: topicOf(n.id),
    ttlSeconds: match ? MATCH_TTL : OTHER_TTL,
  };
}

/** Shortens the body until the JSON fits a push message. */
export function fit(p: PushPayload): PushPayload {
  let out = p;
  while (Buffer.byteLength(JSON.stringify(out)) > MAX_PAYLOAD && out.body.length > 0)
    out = { ...out, body: `${out.body.slice(0, Math.floor(out.body.length * 0.8))}…`.replace(/……$/, "…") };
  return out;
}
