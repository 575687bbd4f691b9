import { eventsRecorder } from "@dirabot/platform/testing";
import {
  BotCreated,
  BotDeleted,
  BotInvited,
  BotMemberAdded,
  BotMemberRemoved,
  BotUpdated,
  ListingMatched,
  type PayloadOf,
} from "@dirabot/proto/events";
import type { BotMatch } from "@dirabot/proto/events/v1/matches_pb.js";

export type { Recorded } from "@dirabot/platform/testing";

/** One bot's match as a `listing.matched` event carried it: the bot, the listing, live or not. */
export type Matched = Omit<BotMatch, "$typeName"> &
  Pick<PayloadOf<typeof ListingMatched>, "listing" | "backfill" | "lateFacts">;

/** The bots' events as the chat service receives them (durable, through the bus and an inbox). */
export function botEventsRecorder() {
  const recorder = eventsRecorder([
    BotCreated,
    BotUpdated,
    BotDeleted,
    BotInvited,
    BotMemberAdded,
    BotMemberRemoved,
    ListingMatched,
    ListingMatched.lanes.first,
  ]);
  return {
    ...recorder,
    /** The bot's matches, one per (bot, listing) in every `listing.matched` seen (a listing's first event on its own subject too), in order. */
    matched: (botId: string): Matched[] =>
      recorder.seen
        .filter((e) => e.type === ListingMatched.type || e.type === ListingMatched.lanes.first.type)
        .flatMap((e) => {
          const { listing, backfill, lateFacts, matches } = e.payload as PayloadOf<typeof ListingMatched>;
          return matches
            .filter((m) => m.botId === botId)
            .map(({ $typeName: _, ...m }) => ({ ...m, listing, backfill, lateFacts }));
        }),
  };
}
