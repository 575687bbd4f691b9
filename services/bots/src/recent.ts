import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { Client } from "@connectrpc/connect";
import { haversineKm, roundKm } from "@dirabot/geography/distance";
import { decodeEvent, retryingTransaction, type ServiceContext, type Subscription } from "@dirabot/platform";
import { BotCreated, BotUpdated, ListingMatched } from "@dirabot/proto/events";
import { BotMatchSchema, ListingMatchedSchema } from "@dirabot/proto/events/v1/matches_pb.js";
import { type Listing, ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import type { BotsRepo } from "./bots.repo.ts";
import type { BotRow, BotsDb } from "./db.ts";
import type { MatchRepo } from "./match.repo.ts";
import { matchInput } from "./matching.ts";
import type { NearRepo } from "./near.repo.ts";
import type { NearRow } from "./near.ts";
import type { TravelTimes } from "./travel-times.ts";

// A new or changed bot shows at once that it works: the latest matches of the last days.
const RECENT_LIMIT = 10;
export const RECENT_DAYS = 3;

/**
 * Posts a bot's most recent matching listings when it is created or changed. It reacts to the
 * bots' own events through the bus directly (not an inbox transaction): it asks the listings
 * service first, and a remote call inside a transaction would hold the one-at-a-time embedded
 * database hostage. A failure throws and the bus delivers again; the posts key makes a second
 * run (or a second identical update) post nothing new.
 */
export class RecentMatches {
  readonly #ctx: ServiceContext<BotsDb>;
  readonly #bots: BotsRepo;
  readonly #match: MatchRepo;
  readonly #listings: Client<typeof ListingsService>;
  readonly #near: NearRepo;
  readonly #times: TravelTimes;
  constructor(
    ctx: ServiceContext<BotsDb>,
    bots: BotsRepo,
    match: MatchRepo,
    near: NearRepo,
    times: TravelTimes,
  ) {
    this.#ctx = ctx;
    this.#bots = bots;
    this.#match = match;
    this.#near = near;
    this.#times = times;
    this.#listings = ctx.client("listings", ListingsService);
  }

  /** One durable per subject: NATS 2.9 (Debian's) filters a consumer on one subject only. */
  async subscribe(): Promise<Subscription[]> {
    const on = (event: typeof BotCreated | typeof BotUpdated) =>
      this.#ctx.bus.subscribe({
        durable: `bots-recent-on-${event.type.replaceAll(".", "-")}`,
        subjects: [event.subject],
        handler: async ({ data }) => {
          const id = decodeEvent(data, event.schema).payload.bot?.id;
          if (id) await this.post(id);
        },
      });
    return [await on(BotCreated), await on(BotUpdated)];
  }

  /** Posts what the bot has not posted yet among its recent matches, oldest first. */
  async post(botId: string): Promise<number> {
    const bot = await this.#bots.get(botId);
    if (!bot?.active || bot.suspended || !bot.neighborhood_codes.length) return 0;
    const { listings, near } = await this.#recent(bot);
    const found = listings.reverse();
    const posted = await retryingTransaction(this.#bots.db, async (trx) => {
      // Changed meanwhile (or gone): the later bot.updated runs with the new criteria.
      const now = await this.#bots.get(botId, trx);
      if (!now?.active || now.suspended || now.updated_at.getTime() !== bot.updated_at.getTime()) return 0;
      const items = found.map((l) => ({ listingId: l.id, canonicalId: l.canonicalId || l.id }));
      const fresh = new Set(await this.#match.record(trx, botId, items));
      const ids: string[] = [];
      for (const listing of found.filter((l) => fresh.has(l.id))) {
        const payload = create(ListingMatchedSchema, {
          listing,
          backfill: true,
          matches: [
            create(BotMatchSchema, {
              botId,
              userId: bot.user_id,
              chatId: bot.chat_id,
              botName: bot.bot_name,
              telegramChatId: bot.telegram_chat_id ?? "",
              distances: distancesOf(near, listing),
            }),
          ],
        });
        ids.push(await this.#ctx.outbox.stage(trx, ListingMatched, payload));
      }
      await this.#match.orderStaged(trx, ids);
      return ids.length;
    });
    if (posted) this.#ctx.outbox.kick();
    return posted;
  }

  /**
   * The bot's matches first seen in the last days, newest first, by the live matcher's rules; its
   * distance conditions are judged here, on a wider page, as the match statement judges them.
   */
  async #recent(bot: BotRow): Promise<{ listings: Listing[]; near: NearRow[] }> {
    const near = bot.near.length ? await this.#near.rowsOf(this.#bots.db, bot.id) : [];
    const since = new Date(Date.now() - RECENT_DAYS * 86_400_000);
    const { listings } = await this.#listings.listListings({
      filter: {
        neighborhoodCodes: bot.neighborhood_codes,
        minPrice: bot.price_min,
        maxPrice: bot.price_max,
        // Unknown rooms pass a bot asking for one room or fewer: filtered below, not by the query.
        minRooms: bot.min_rooms > 1 ? bot.min_rooms : undefined,
        merchant: bot.merchant === true ? true : undefined,
        privateOnly: bot.merchant === false,
        // Must-haves pass only listings known to have them; whole long-term flats unless included.
        require: { safeRoom: bot.need_safe_room, parking: bot.need_parking, elevator: bot.need_elevator },
        terms: ["long", ...(bot.include_sublets ? ["sublet"] : []), ...(bot.include_rooms ? ["room"] : [])],
        firstSeenAfter: timestampFromDate(since),
      },
      page: 1,
      limit: near.length ? RECENT_LIMIT * 5 : RECENT_LIMIT,
    });
    const fit = listings.filter(
      (l) => matchInput(l) && (l.rooms === undefined ? bot.min_rooms <= 1 : l.rooms >= bot.min_rooms),
    );
    const meets = near.length ? await this.#times.meeting(near, fit) : fit.map(() => true);
    return { listings: fit.filter((_, i) => meets[i]).slice(0, RECENT_LIMIT), near };
  }
}

/** How far the flat is from each place the bot's conditions name, as the match statement says it. */
function distancesOf(near: NearRow[], l: Listing): { placeName: string; km: number }[] {
  if (l.lat === undefined || l.lon === undefined) return [];
  return near
    .map((n) => ({
      placeName: n.name,
      km: roundKm(haversineKm(n.lat, n.lon, l.lat as number, l.lon as number)),
    }))
    .sort((a, b) => (a.placeName < b.placeName ? -1 : a.placeName > b.placeName ? 1 : 0));
}
