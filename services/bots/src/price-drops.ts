import { create } from "@bufbuild/protobuf";
import type { ServiceContext } from "@dirabot/platform";
import { BotPriceDropped, ListingPriceChanged } from "@dirabot/proto/events";
import { BotPriceDroppedSchema } from "@dirabot/proto/events/v1/bots_pb.js";
import type { Listing } from "@dirabot/proto/listings/v1/listings_pb.js";
import { sql } from "kysely";
import type { BotsDb, Trx } from "./db.ts";

/** A bot that had posted the flat, and the price its chat last knew of it. */
interface Told {
  bot_id: string;
  user_id: string;
  chat_id: string;
  bot_name: string;
  price: number | null;
}

/**
 * The bots whose chat must hear of a price change of a flat they posted, and the price each chat
 * knew before; records the new price for every one of them. Only bots that posted the flat (any
 * listing of its duplicate group) before the change happened count: a drop that brought the flat
 * into a bot's range was posted by matching as a new match, at its new price, and is not a drop
 * for that chat. The posts rows are locked first, so two changes of one flat handled at once (two
 * replicas, two sources of the same flat) are told one after the other, each seeing the other's
 * price; a paused or suspended bot is told nothing (as it gets no matches), and its chat's last
 * price is kept for when it is back (`keepLastHeard`).
 */
async function tell(
  trx: Trx,
  canonicalId: string,
  listingId: string,
  changedAt: Date,
  price: number,
  oldPrice: number,
): Promise<Told[]> {
  const posts = sql.id("bots", "bot_posts");
  const bots = sql.id("bots", "bots");
  const told = sql.id("bots", "price_told");
  const posted = await sql<{ bot_id: string; live: boolean }>`
    SELECT p.bot_id, b.active AND NOT b.suspended AS live FROM ${posts} p JOIN ${bots} b ON b.id = p.bot_id
    WHERE p.canonical_id = ${canonicalId}::uuid AND p.created_at < ${changedAt}::timestamptz
    ORDER BY p.bot_id FOR UPDATE OF p`.execute(trx);
  const away = posted.rows.filter((r) => !r.live).map((r) => r.bot_id);
  if (away.length) await keepLastHeard(trx, canonicalId, away, changedAt, oldPrice);
  const ids = posted.rows.filter((r) => r.live).map((r) => r.bot_id);
  if (!ids.length) return [];
  // A statement of its own after the lock: it sees what a change told meanwhile committed. A
  // bot whose chat already knows a newer change of the flat skips this older one: it is neither
  // told nor recorded over the newer price. The price before is the one recorded from the flat's
  // other source (its drop to the same price is no news) or kept while the bot was away (no
  // listing: pinned); where this listing recorded it, the event's own old price, which stays
  // right when two of its changes are applied out of order (replicas each take one).
  const r = await sql<Told>`
    WITH before AS (
      SELECT b.id AS bot_id, b.user_id, b.chat_id, b.bot_name,
        CASE WHEN t.listing_id = ${listingId}::uuid THEN NULL ELSE t.price END AS price
      FROM ${bots} b LEFT JOIN ${told} t ON t.bot_id = b.id AND t.canonical_id = ${canonicalId}::uuid
      WHERE b.id = ANY(${ids}::uuid[])
        AND (t.changed_at IS NULL OR t.changed_at <= ${changedAt}::timestamptz)
    ), saved AS (
      INSERT INTO ${told} (bot_id, canonical_id, price, changed_at, listing_id)
      SELECT bot_id, ${canonicalId}::uuid, ${price}::int, ${changedAt}::timestamptz, ${listingId}::uuid
      FROM before
      ON CONFLICT (bot_id, canonical_id) DO UPDATE
        SET price = EXCLUDED.price, changed_at = EXCLUDED.changed_at, listing_id = EXCLUDED.listing_id,
          updated_at = now()
    )
    SELECT * FROM before ORDER BY bot_id`.execute(trx);
  return r.rows;
}

/**
 * For bots paused or suspended through a change: their chat heard nothing of it, so the price it
 * last heard must be what their next drop is told from once they are back — not the price just
 * before that drop. A chat that heard no change yet knew the price before this one (its first
 * since the post); one that did keeps its row, pinned: without the listing's id, a later change
 * of the same listing takes the row's price instead of the event's old price.
 */
async function keepLastHeard(
  trx: Trx,
  canonicalId: string,
  botIds: string[],
  changedAt: Date,
  oldPrice: number,
): Promise<void> {
  if (oldPrice <= 0) return;
  const told = sql.id("bots", "price_told");
  await sql`
    INSERT INTO ${told} (bot_id, canonical_id, price, changed_at, listing_id)
    SELECT id, ${canonicalId}::uuid, ${oldPrice}::int, ${changedAt}::timestamptz, NULL
    FROM unnest(${botIds}::uuid[]) AS id
    ON CONFLICT (bot_id, canonical_id) DO UPDATE SET listing_id = NULL, updated_at = now()`.execute(trx);
}

/**
 * A price change of a listing: every bot that posted the flat before and whose chat knew a higher
 * price gets a `bot.price_dropped` (the chat service turns it into a message). A rise is recorded
 * and tells nothing; the same price again (a repeated poll, the flat's other source dropping to
 * the same price) is no drop. The inbox makes a redelivered event a no-op as well.
 */
export async function priceChanged(
  trx: Trx,
  ctx: Pick<ServiceContext<BotsDb>, "outbox">,
  listing: Listing | undefined,
  oldPrice: number,
  changedAt: Date,
): Promise<number> {
  const price = listing?.price ?? 0;
  if (!listing || listing.removedAt || price <= 0) return 0;
  const told = await tell(trx, listing.canonicalId || listing.id, listing.id, changedAt, price, oldPrice);
  const drops = told.flatMap((t) => {
    const before = t.price ?? oldPrice;
    return before > price ? [{ ...t, before }] : [];
  });
  await ctx.outbox.stageMany(
    trx,
    BotPriceDropped,
    drops.map((d) =>
      create(BotPriceDroppedSchema, {
        botId: d.bot_id,
        userId: d.user_id,
        chatId: d.chat_id,
        botName: d.bot_name,
        listing,
        oldPrice: d.before,
        newPrice: price,
      }),
    ),
  );
  return drops.length;
}

/** The consumer of `listing.price_changed` that tells the bots' chats of drops (idempotent via the inbox). */
export function registerPriceDrops(ctx: ServiceContext<BotsDb>): void {
  ctx.consume({
    durable: "bots-price-drop-on-price-changed",
    event: ListingPriceChanged,
    // One change at a time, in the order the listings service published them: a flat's changes
    // are told in the order they happened. Price changes are few (hundreds a day, not matches'
    // thousands a second); a redelivered change that comes late is put in order by `tell`.
    inFlight: 1,
    apply: async (trx, e) => {
      await priceChanged(trx, ctx, e.payload.listing, e.payload.oldPrice, e.occurredAt);
    },
    after: () => ctx.outbox.kick(),
  });
}
