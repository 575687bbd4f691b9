import { create } from "@bufbuild/protobuf";
import type { Outbox, ServiceContext } from "@dirabot/platform";
import { ListingCreated, ListingMatched, ListingPriceChanged } from "@dirabot/proto/events";
import { BotMatchSchema, ListingMatchedSchema } from "@dirabot/proto/events/v1/matches_pb.js";
import type { Listing } from "@dirabot/proto/listings/v1/listings_pb.js";
import type { BotsDb, Trx } from "./db.ts";
import type { MatchInput, MatchRepo, MustHave, Posted } from "./match.repo.ts";
import type { TravelTimes } from "./travel-times.ts";

/**
 * What matching reads of a listing, or undefined when it can match nothing: removed, no
 * neighbourhood, or no price ("call for price").
 */
export function matchInput(l: Listing): MatchInput | undefined {
  if (l.removedAt || l.neighborhoodCode === undefined || !l.price) return undefined;
  return {
    listingId: l.id,
    canonicalId: l.canonicalId || l.id,
    neighborhoodCode: l.neighborhoodCode,
    price: l.price,
    rooms: l.rooms ?? null,
    merchant: l.merchant ?? null,
    safeRoom: l.facts?.safeRoom ?? null,
    parking: l.facts?.parking ?? null,
    elevator: l.facts?.elevator ?? null,
    term: l.term || "long",
    lat: l.lat ?? null,
    lon: l.lon ?? null,
  };
}

/**
 * Matches carried by one `listing.matched` event at most. The chat service takes one advisory
 * lock per chat of an event in its transaction: 500 stay well inside PostgreSQL's shared lock
 * table (64 per connection by default), and at ~150 bytes a match the event stays far below
 * NATS's 1 MB message limit with the listing beside it.
 */
export const MATCHES_PER_EVENT = 500;
/**
 * Matches carried by a listing's first `listing.matched`: each stage after matching (chat's
 * transaction, its `messages.created`, the sockets) handles an event whole before any of its
 * users is told, so a small first event reaches its users while the rest are still being written.
 */
export const FIRST_EVENT_MATCHES = 50;

/**
 * A listing's first `listing.matched`: the same message on a subject of its own, so that its
 * consumers take it in a lane of its own (a durable each), never queued behind the previous
 * listings' hundreds of matches still being written.
 */
const FIRST_MATCHED = ListingMatched.lanes.first;

/**
 * Where a listing's matches are cut into events: a small first one, then MATCHES_PER_EVENT each;
 * `first` 0 when the first ones went out already (matchFirst), so all are MATCHES_PER_EVENT.
 */
export function eventSlices(n: number, first = FIRST_EVENT_MATCHES): [number, number][] {
  const slices: [number, number][] = [];
  for (let at = 0; at < n; ) {
    const end = Math.min(n, at + (at === 0 && first > 0 ? first : MATCHES_PER_EVENT));
    slices.push([at, end]);
    at = end;
  }
  return slices;
}

const matchedEvent = (listing: Listing, posted: Posted[], lateFacts = false) =>
  create(ListingMatchedSchema, {
    listing,
    backfill: false,
    lateFacts,
    matches: posted.map((p) =>
      create(BotMatchSchema, {
        botId: p.bot_id,
        userId: p.user_id,
        chatId: p.chat_id,
        botName: p.bot_name,
        telegramChatId: p.telegram_chat_id ?? "",
        distances: (p.distances ?? []).map((d) => ({ placeName: d.place_name, km: d.km })),
      }),
    ),
  });

/**
 * A listing's first matches, ahead of the rest: at most FIRST_EVENT_MATCHES bots that had not
 * posted it, posted and announced (`listing.matched.first`) in a transaction of their own, before
 * the consumer's transaction matches the rest. Posting the hundreds takes time the first users
 * no longer wait for. The posts' key keeps each
 * bot's post once, so this runs again harmlessly on a redelivery; one of an event the consumer
 * applied before (its inbox has it) does nothing, as the consumer's transaction will not: a bot
 * started since is not posted an old event's listing as news. Answers whether it ran; on a
 * failure (logged) the consumer's transaction sends the first ones itself.
 */
export async function matchFirst(
  ctx: Pick<ServiceContext<BotsDb>, "db" | "outbox" | "log">,
  repo: MatchRepo,
  event: { id: string; durable: string; listing: Listing | undefined },
  times?: TravelTimes,
): Promise<boolean> {
  const { listing } = event;
  const input = listing && matchInput(listing);
  if (!listing || !input) return true;
  try {
    const applied = await ctx.db
      .selectFrom("inbox")
      .select("event_id")
      .where("consumer", "=", event.durable)
      .where("event_id", "=", event.id)
      .executeTakeFirst();
    if (applied) return true;
    const routed = times ? await times.of(ctx.db, input) : input;
    await ctx.db.transaction().execute(async (trx) => {
      const posted = await repo.match(trx, routed, FIRST_EVENT_MATCHES);
      if (posted.length) await ctx.outbox.stage(trx, FIRST_MATCHED, matchedEvent(listing, posted));
    });
  } catch (err) {
    ctx.log.warn(
      { err, listing: listing.id },
      "a listing's first matches not written ahead; they go with the rest",
    );
    return false;
  }
  ctx.outbox.kick(true); // beside a running relay pass of hundreds of matches
  return true;
}

/**
 * Matches one listing inside the consumer's transaction and stages `listing.matched`: the listing
 * once, with every bot that had not posted it (nor a duplicate of it), in chunks (eventSlices);
 * the first chunk on `listing.matched.first` unless matchFirst sent the first ones (`firstSent`).
 * A price change runs the same statement: a listing that enters a bot's range now matches, one
 * already posted is refused by the posts key. `needing`: facts just learnt true (late-facts.ts),
 * only the bots that require one of them, their matches marked `late_facts`.
 */
export async function matchListing(
  trx: Trx,
  repo: MatchRepo,
  outbox: Outbox,
  listing: Listing,
  firstSent = false,
  needing?: MustHave[],
  times?: TravelTimes,
) {
  const input = matchInput(listing);
  if (!input) return 0;
  const posted = await repo.match(trx, times ? await times.of(trx, input) : input, undefined, needing);
  const events = eventSlices(posted.length, firstSent ? 0 : FIRST_EVENT_MATCHES).map(([at, end]) =>
    matchedEvent(listing, posted.slice(at, end), needing !== undefined),
  );
  const first = firstSent ? undefined : events.shift();
  if (first) await outbox.stage(trx, FIRST_MATCHED, first);
  await outbox.stageMany(trx, ListingMatched, events);
  return posted.length;
}

/** The two idempotent consumers of the listings' events that matching runs on. */
export function registerMatching(ctx: ServiceContext<BotsDb>, repo: MatchRepo, times?: TravelTimes): void {
  const apply = async (trx: Trx, listing: Listing | undefined, firstSent: boolean) => {
    if (listing) await matchListing(trx, repo, ctx.outbox, listing, firstSent, undefined, times);
  };
  const after = () => ctx.outbox.kick(); // publish now, not at the relay's next poll
  const created = "bots-match-on-listing-created";
  const priceChanged = "bots-match-on-price-changed";
  ctx.consume({
    durable: created,
    event: ListingCreated,
    prepare: (e) => matchFirst(ctx, repo, { id: e.id, durable: created, listing: e.payload.listing }, times),
    apply: (trx, e, _attempt, firstSent) => apply(trx, e.payload.listing, firstSent),
    after,
  });
  ctx.consume({
    durable: priceChanged,
    event: ListingPriceChanged,
    prepare: (e) =>
      matchFirst(ctx, repo, { id: e.id, durable: priceChanged, listing: e.payload.listing }, times),
    apply: (trx, e, _attempt, firstSent) => apply(trx, e.payload.listing, firstSent),
    after,
  });
}
