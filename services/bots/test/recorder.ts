import { BotCreatedSchema, BotDeletedSchema, BotUpdatedSchema } from "@dirabot/proto/events/v1/bots_pb.js";
import {
  type BotMatch,
  type ListingMatched,
  ListingMatchedSchema,
} from "@dirabot/proto/events/v1/matches_pb.js";
import { eventsRecorder } from "../../platform/test/recorder.ts";

export type { Recorded } from "../../platform/test/recorder.ts";

/** One bot's match as a `listing.matched` event carried it: the bot, the listing, live or not. */
export type Matched = Omit<BotMatch, "$typeName"> & Pick<ListingMatched, "listing" | "backfill">;

/** The bots' events as the chat service receives them (durable, through the bus and an inbox). */
export function botEventsRecorder() {
  const recorder = eventsRecorder("bots", [
    ["bot.created", BotCreatedSchema],
    ["bot.updated", BotUpdatedSchema],
    ["bot.deleted", BotDeletedSchema],
    ["listing.matched", ListingMatchedSchema],
    ["listing.matched.first", ListingMatchedSchema],
  ]);
  return {
    ...recorder,
    /** The bot's matches, one per (bot, listing) in every `listing.matched` seen (a listing's first event on its own subject too), in order. */
    matched: (botId: string): Matched[] =>
      recorder.seen
        .filter((e) => e.type === "listing.matched" || e.type === "listing.matched.first")
        .flatMap((e) => {
          const { listing, backfill, matches } = e.payload as ListingMatched;
          return matches
            .filter((m) => m.botId === botId)
            .map(({ $typeName: _, ...m }) => ({ ...m, listing, backfill }));
        }),
  };
}
