import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { ServiceContext } from "@dirabot/platform";
import { ListingFactsChanged, type PayloadOf } from "@dirabot/proto/events";
import type { BotsDb } from "./db.ts";
import { type MatchRepo, MUST_HAVES, type MustHave } from "./match.repo.ts";
import { matchListing } from "./matching.ts";
import { RECENT_DAYS } from "./recent.ts";
import type { TravelTimes } from "./travel-times.ts";

/**
 * The must-haves a facts change may newly satisfy: those that turned true. Empty when the change
 * matters to no bot (a balcony, a safe room denied), or the listing is older than a new bot's
 * recent matches look back: a flat learnt late after that is old news, as it is to a new bot.
 */
export function newlyTrue(e: PayloadOf<typeof ListingFactsChanged>, now = Date.now()): MustHave[] {
  const seen = e.listing?.firstSeenAt;
  if (seen && now - timestampDate(seen).getTime() > RECENT_DAYS * 86_400_000) return [];
  const turned = new Set(e.changes.filter((c) => c.to && c.from !== true).map((c) => c.fact));
  return MUST_HAVES.filter((f) => turned.has(f));
}

/**
 * A listing's facts learnt after it was announced are matched again, against the bots that
 * require one of the facts now known true, by the statement every match runs (matchListing). No
 * other bot's verdict changed: the rest of the statement reads nothing the facts touch, so a bot
 * without must-haves decided on `listing.created` (or on its own creation or activation, through
 * its recent matches) and is not asked again. A bot that posted the flat already, or a duplicate
 * of it, is refused by the posts key; the inbox takes a redelivered event once.
 */
export function registerLateFacts(ctx: ServiceContext<BotsDb>, repo: MatchRepo, times?: TravelTimes): void {
  ctx.consume({
    durable: "bots-match-on-facts-changed",
    event: ListingFactsChanged,
    apply: async (trx, e) => {
      const needing = newlyTrue(e.payload);
      if (e.payload.listing && needing.length)
        await matchListing(trx, repo, ctx.outbox, e.payload.listing, false, needing, times);
    },
    after: () => ctx.outbox.kick(),
  });
}
