import { create } from "@bufbuild/protobuf";
import { type Outbox, type ServiceContext, subjectOf } from "@dirabot/platform";
import type { AnyTrx } from "@dirabot/platform/db/types.ts";
import { ListingCreatedSchema, ListingPriceChangedSchema } from "@dirabot/proto/events/v1/listings_pb.js";
import { BotMatchSchema, ListingMatchedSchema } from "@dirabot/proto/events/v1/matches_pb.js";
import type { Listing } from "@dirabot/proto/listings/v1/listings_pb.js";
import type { MatchInput, MatchRepo } from "./match.repo.ts";

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
 * The type of a listing's first `listing.matched`: the same message on a subject of its own, so
 * that its consumers take it in a lane of its own (a durable each), never queued behind the
 * previous listings' hundreds of matches still being written.
 */
export const FIRST_MATCHED = "listing.matched.first";

/** Where a listing's matches are cut into events: a small first one, then MATCHES_PER_EVENT each. */
export function eventSlices(n: number): [number, number][] {
  const slices: [number, number][] = [];
  for (let at = 0; at < n; ) {
    const end = Math.min(n, at + (at === 0 ? FIRST_EVENT_MATCHES : MATCHES_PER_EVENT));
    slices.push([at, end]);
    at = end;
  }
  return slices;
}

/**
 * Matches one listing inside the consumer's transaction and stages `listing.matched`: the listing
 * once, with every bot that had not posted it (nor a duplicate of it), in chunks (eventSlices). A price change runs the same statement: a listing that enters a bot's range
 * now matches, one already posted is refused by the posts key.
 */
export async function matchListing(trx: AnyTrx, repo: MatchRepo, outbox: Outbox, listing: Listing) {
  const input = matchInput(listing);
  if (!input) return 0;
  const posted = await repo.match(trx, input);
  const events = [];
  for (const [at, end] of eventSlices(posted.length))
    events.push(
      create(ListingMatchedSchema, {
        listing,
        backfill: false,
        matches: posted.slice(at, end).map((p) =>
          create(BotMatchSchema, {
            botId: p.bot_id,
            userId: p.user_id,
            chatId: p.chat_id,
            botName: p.bot_name,
            telegramChatId: p.telegram_chat_id ?? "",
          }),
        ),
      }),
    );
  const [first, ...rest] = events;
  if (first) await outbox.stage(trx, FIRST_MATCHED, ListingMatchedSchema, first);
  await outbox.stageMany(trx, "listing.matched", ListingMatchedSchema, rest);
  return posted.length;
}

/** The two idempotent consumers of the listings' events that matching runs on. */
export function registerMatching(ctx: ServiceContext, repo: MatchRepo): void {
  const apply = async (trx: AnyTrx, listing: Listing | undefined) => {
    if (listing) await matchListing(trx, repo, ctx.outbox, listing);
  };
  // Publish now, not at the relay's next poll; beside a running pass: the listing's first matches
  // are among the rows.
  const after = () => ctx.outbox.kick(true);
  ctx.consume({
    durable: "bots-match-on-listing-created",
    subjects: [subjectOf("listings", "listing.created")],
    schema: ListingCreatedSchema,
    apply: (trx, e) => apply(trx, e.payload.listing),
    after,
  });
  ctx.consume({
    durable: "bots-match-on-price-changed",
    subjects: [subjectOf("listings", "listing.price_changed")],
    schema: ListingPriceChangedSchema,
    apply: (trx, e) => apply(trx, e.payload.listing),
    after,
  });
}
