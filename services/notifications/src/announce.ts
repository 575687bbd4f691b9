import { create } from "@bufbuild/protobuf";
import type { Outbox } from "@dirabot/platform";
import { NotificationsCreated, NotificationsShown } from "@dirabot/proto/events";
import { NotificationsCreatedSchema } from "@dirabot/proto/events/v1/notifications_pb.js";
import type { Notification } from "@dirabot/proto/notifications/v1/notifications_pb.js";
import type { Trx } from "./db.ts";

/** Notifications an event carries at most: a listing's ~900 matches are two events. */
const MOST = 500;
/** Bytes of notifications an event carries at most, well under NATS's 1 MB `max_payload`. */
const BYTES = 512 * 1024;
/**
 * What a notification's encoding adds to its text at most: each field's tag and length (four
 * bytes for any text under 2 MB), the timestamp, the match's numbers at their widest, the entry's
 * own tag and length. 112 counted; the rest is margin.
 */
const FIXED = 160;

/**
 * The events for the notifications one transaction wrote, in as few as fit (one for up to 500),
 * staged in that transaction with one statement:
 * - `notifications.created`: what the deliver consumer still has to queue (an admin's
 *   notification, a test push; a match whose writer did not queue its delivery), and the sockets
 *   show;
 * - `notifications.shown` (`matchesQueued`: the transaction queued its matches' delivery itself, a
 *   listing's matches): the matches, for the sockets only. The deliver consumer had nothing to do
 *   with them but decode them (docs/decisions/0138-matches-shown-not-delivered-twice.md).
 */
export async function stageNotificationsCreated(
  outbox: Outbox,
  trx: Trx,
  notifications: Notification[],
  matchesQueued = false,
): Promise<void> {
  const shown = matchesQueued ? notifications.filter((n) => n.type === "property_match") : [];
  const created = matchesQueued ? notifications.filter((n) => n.type !== "property_match") : notifications;
  const events = (list: Notification[], queued: boolean) =>
    chunks(list).map((part) =>
      create(NotificationsCreatedSchema, { notifications: part, matchesQueued: queued }),
    );
  if (created.length) await outbox.stageMany(trx, NotificationsCreated, events(created, false));
  if (shown.length) await outbox.stageMany(trx, NotificationsShown, events(shown, true));
}

/**
 * The notifications in events that stay under both limits, in their order. A transaction's
 * notifications may come from several listings (the consumer takes up to 16 chat events at
 * once), so each is weighed on its own: by its text's UTF-8 bytes, an upper bound of its encoding
 * at a fraction of the cost of encoding it (the outbox encodes it once already).
 */
export function chunks(notifications: Notification[]): Notification[][] {
  const out: Notification[][] = [];
  let current: Notification[] = [];
  let bytes = 0;
  for (const n of notifications) {
    const w = weight(n);
    if (current.length === MOST || (current.length && bytes + w > BYTES)) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(n);
    bytes += w;
  }
  if (current.length) out.push(current);
  return out;
}

/** At least the bytes a notification takes in an event. */
export function weight(n: Notification): number {
  const m = n.match;
  const texts = [n.id, n.userId, n.title, n.body, n.type, n.url];
  if (m) texts.push(m.listingId, m.chatId, m.messageId, m.area, m.location, m.image, m.link);
  let bytes = FIXED;
  for (const t of texts) bytes += Buffer.byteLength(t);
  return bytes;
}
