import type { BatchConsumerSpec, ConsumerSpec, Outbox } from "@dirabot/platform";
import { ChatMessagesCreated, NotificationsCreated, SessionsEnded, UserDeleted } from "@dirabot/proto/events";
import type { ChatMessageCreated } from "@dirabot/proto/events/v1/chat_pb.js";
import type { Listing } from "@dirabot/proto/listings/v1/listings_pb.js";
import type { Notification } from "@dirabot/proto/notifications/v1/notifications_pb.js";
import { stageNotificationsCreated } from "./announce.ts";
import type { MatchJson, NotificationRow, NotificationsDb } from "./db.ts";
import { sendMatchesNow } from "./delivery/dispatcher.ts";
import type { DispatchesRepo } from "./delivery/dispatches.repo.ts";
import type { Fanout } from "./delivery/fanout.ts";
import { quietUntil } from "./delivery/quiet-hours.ts";
import type { Known } from "./delivery/user-settings.ts";
import { bodyIn, titleIn } from "./delivery/words.ts";
import { matchOf, matchSummary, matchTitle, matchUrl } from "./match-summary.ts";
import type { NewNotification, NotificationsRepo } from "./notifications.repo.ts";
import { type NotificationsService, toProto } from "./notifications.service.ts";
import { priceDropNotification } from "./price-drop.ts";
import { pushOf } from "./push/payload.ts";
import type { SubscriptionsRepo } from "./push/subscriptions.repo.ts";

/**
 * An asset message in a bot's chat becomes a property_match notification for the chat's owner,
 * and so does a price-drop note (`price-drop.ts`). A listing's matches arrive as one
 * `messages.created` of hundreds of messages (a few events for ~900): the events taken together
 * are one transaction, their notifications one statement per thousand, and announced together in
 * `notifications.created` (a listing's ~900: two events) staged with one more. The inbox takes
 * each event once, however often it arrives; a redelivered batch writes nothing.
 *
 * Each match's delivery is decided here when it can be: before the transaction (`prepare`) one
 * call to identity per thousand users fetches their settings, and in it the pushes and Telegram
 * messages of every user outside quiet hours are queued with the notifications, exactly once by
 * the same transaction. Only a user in quiet hours, one identity did not answer for, or one it
 * no longer knows gets a row in `match_dispatches`, for the dispatcher to hold, retry or drop as
 * before. Deciding every match through that queue cost three writes a match (queued, claimed,
 * taken) and a claim, a read and a call per hundred, for every match
 * (docs/decisions/0134-matches-decided-where-they-are-written.md).
 */
export const onMessagesCreated = (deps: {
  service: NotificationsService;
  outbox: Outbox;
  dispatches: DispatchesRepo;
  fanout: Fanout;
  /** The users' delivery settings (`settingsOf`: never throws; "unknown" when identity is away). */
  settings: (userIds: string[]) => Promise<Map<string, Known>>;
  now: () => Date;
  /** After the commit: the dispatcher and the senders look at once instead of at their next poll. */
  queued: () => void;
  suffix?: string;
  /** "first": a listing's first matches (`messages.created.first`), taken by a durable of their own. */
  lane?: "first";
}): BatchConsumerSpec<typeof ChatMessagesCreated.schema, Map<string, Known>, NotificationsDb> => ({
  durable: `notifications-on-messages-created${deps.lane ? `-${deps.lane}` : ""}${deps.suffix ?? ""}`,
  event: deps.lane ? ChatMessagesCreated.lanes[deps.lane] : ChatMessagesCreated,
  fromStart: deps.lane !== undefined, // the lane came with its durable: chat may publish first
  // Each event carries up to 500 messages: 16 of them keep a transaction's rows in the thousands.
  batch: 16,
  prepare: (events) => {
    const users = new Set<string>();
    for (const { payload } of events)
      if (!payload.backfill)
        for (const m of payload.messages) if (m.message?.type === "asset" && m.userId) users.add(m.userId);
    return users.size > 0 ? deps.settings([...users]) : Promise.resolve(new Map());
  },
  applyMany: async (trx, events, known) => {
    // A new bot's recent listings arrive as a burst the user is looking at: no notification each.
    const values = events.flatMap(({ payload }) => {
      if (payload.backfill) return [];
      const shared = sharedListing(payload.asset);
      return payload.messages.flatMap((m) => {
        const value =
          m.message?.type === "price_drop" ? priceDropNotification(m) : matchNotification(m, shared);
        return value ? [inOwnersLanguage(value, known.get(m.userId))] : [];
      });
    });
    const rows = await deps.service.repo.insertMany(trx, values);
    const now = deps.now();
    const decided: NotificationRow[] = [];
    const later: { notificationId: string; userId: string }[] = [];
    for (const r of rows) {
      if (r.type !== "property_match") continue;
      const s = known.get(r.user_id);
      if (typeof s === "object" && !quietUntil(s.quietHours, now)) decided.push(r);
      else later.push({ notificationId: r.id, userId: r.user_id });
    }
    await deps.dispatches.add(trx, later, now);
    if (decided.length > 0) await sendMatchesNow(trx, deps, decided, known, now, async (wanted) => wanted);
    // Nobody reads a queued match's listing from the event (the gateway shows the title and
    // body; the deliver consumer leaves such matches alone): it is left out, half of each entry,
    // but for its id, which the socket's notification carries (a click opens the flat's story).
    const announced = rows.map((r) =>
      toProto(r.type === "property_match" ? { ...r, match: idOnly(r.match) } : r),
    );
    await stageNotificationsCreated(deps.outbox, trx, announced, true);
  },
  after: () => {
    deps.outbox.kick();
    deps.queued();
  },
});

const idOnly = (m: MatchJson | null | undefined): MatchJson | null =>
  m?.listingId
    ? { listingId: m.listingId, chatId: "", messageId: "", area: "", location: "", image: "", link: "" }
    : null;

/**
 * A match is written in its owner's language when identity told it (the bell and the list show
 * the stored title and body); a Hebrew one from the match's figures, as its push is.
 */
function inOwnersLanguage(value: NewNotification, known: Known | undefined): NewNotification {
  if (value.type !== "property_match" || typeof known !== "object" || known.locale === "en") return value;
  const row = value as unknown as NotificationRow;
  return { ...value, title: titleIn(known.locale, row), body: bodyIn(known.locale, row) };
}

/** What a notification says of the listing an event's messages share, worked out once for all of them. */
interface Shared {
  body: string;
  match: MatchJson;
}
const sharedListing = (asset: Listing | undefined): Shared | undefined =>
  asset ? { body: matchSummary(asset), match: matchOf(asset, "", "") } : undefined;

/** A live match: "New match: <bot name>", the flat, opening the message in its chat. */
function matchNotification(
  { message, userId, botName }: ChatMessageCreated,
  shared: Shared | undefined,
): NewNotification | undefined {
  if (message?.type !== "asset" || !userId) return undefined;
  // The event's listing where the message carries none (a listing's matches).
  const fromEvent = message.asset ? undefined : shared;
  return {
    user_id: userId,
    title: matchTitle(botName),
    body: fromEvent ? fromEvent.body : matchSummary(message.asset),
    type: "property_match",
    url: matchUrl(message.chatId, message.id),
    match: {
      ...(fromEvent
        ? { ...fromEvent.match, chatId: message.chatId, messageId: message.id }
        : matchOf(message.asset, message.chatId, message.id)),
      botName,
    },
  };
}

/**
 * Every notification is delivered from the event that announced it, once however often the
 * event arrives (the inbox, and the queues' unique keys): anything but a match is queued to the
 * user's browsers at once; a match waits for its decision (quiet hours, Telegram), which needs
 * identity, unless its writer queued that already (`matchesQueued`: a listing's matches). A
 * listing's matches arrive as one event of hundreds; the events taken together are queued with
 * one statement per queue.
 */
export const onNotificationsCreated = (deps: {
  fanout: Fanout;
  dispatches: DispatchesRepo;
  now: () => Date;
  /** After the commit: the worker for what was queued looks at once instead of at its next poll. */
  queued: (kind: "match" | "push") => void;
  suffix?: string;
}): ConsumerSpec<typeof NotificationsCreated.schema, undefined, NotificationsDb> => ({
  durable: `notifications-on-notifications-created${deps.suffix ?? ""}`,
  event: NotificationsCreated,
  // Each event carries up to 500: 16 keep a transaction's rows in the thousands (and a dispatch
  // INSERT's four parameters a row under PostgreSQL's 65,535).
  batch: 16,
  applyMany: async (trx, events) => {
    const all = events.flatMap(({ payload }) =>
      payload.notifications.filter(
        (n) => n.userId && !(payload.matchesQueued && n.type === "property_match"),
      ),
    );
    const matches = all.filter((n) => n.type === "property_match");
    const others = all.filter((n) => n.type !== "property_match");
    await deps.dispatches.add(
      trx,
      matches.map((n) => ({ notificationId: n.id, userId: n.userId })),
      deps.now(),
    );
    if (others.length)
      await deps.fanout.push(
        trx,
        others.map((n) => ({ userId: n.userId, message: pushOf(rowOf(n)) })),
        deps.now(),
      );
  },
  after: ({ payload }) => {
    const kinds = new Set(
      payload.notifications
        .filter((n) => !(payload.matchesQueued && n.type === "property_match"))
        .map((n) => (n.type === "property_match" ? "match" : "push")),
    );
    for (const kind of kinds) deps.queued(kind);
  },
});

const rowOf = (n: Notification): NotificationRow => ({
  id: n.id,
  user_id: n.userId,
  title: n.title,
  body: n.body,
  type: n.type,
  url: n.url,
  is_read: n.isRead,
  created_at: new Date(),
  match: null,
});

/** A deleted user's notifications, subscriptions and queued sends go with them. */
export const onUserDeleted = (
  repo: NotificationsRepo,
  subs: SubscriptionsRepo,
  suffix = "",
): ConsumerSpec<typeof UserDeleted.schema, undefined, NotificationsDb> => ({
  durable: `notifications-on-user-deleted${suffix}`,
  event: UserDeleted,
  apply: async (trx, event) => {
    await subs.forget(trx, event.payload.userId);
    await repo.forget(trx, event.payload.userId);
  },
});

/**
 * A push subscription ends with the session that made it: logout, password change, ban, role
 * change, reset, a claim, or the owner ending it in the profile (identity's sessions.ended).
 * A stolen session's browser stops hearing the owner's matches with it. Idempotent: a delete.
 */
export const onSessionsEnded = (
  subs: SubscriptionsRepo,
  suffix = "",
): ConsumerSpec<typeof SessionsEnded.schema, undefined, NotificationsDb> => ({
  durable: `notifications-on-sessions-ended${suffix}`,
  event: SessionsEnded,
  apply: (trx, { payload }) => subs.endSessions(trx, payload.userId, payload.sessionIds, payload.all),
});
