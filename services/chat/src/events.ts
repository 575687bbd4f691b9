import type { ConsumerSpec, Outbox } from "@dirabot/platform";
import { subjectOf } from "@dirabot/platform";
import { BotCreatedSchema, BotDeletedSchema, BotUpdatedSchema } from "@dirabot/proto/events/v1/bots_pb.js";
import { ListingMatchedSchema } from "@dirabot/proto/events/v1/matches_pb.js";
import type { Trx } from "./db.ts";
import type { FeedService } from "./feed.service.ts";

/** The chat service's consumers of the bots service's events (idempotent through the inbox). */
export function consumers(feed: FeedService, outbox: Outbox) {
  const kick = () => outbox.kick();
  const created: ConsumerSpec<typeof BotCreatedSchema> = {
    durable: "chat-on-bot-created",
    subjects: [subjectOf("bots", "bot.created")],
    schema: BotCreatedSchema,
    apply: async (trx, e) => {
      if (e.payload.bot) await feed.botSeen(trx as Trx, e.payload.bot, e.occurredAt);
    },
  };
  const updated: ConsumerSpec<typeof BotUpdatedSchema> = {
    durable: "chat-on-bot-updated",
    subjects: [subjectOf("bots", "bot.updated")],
    schema: BotUpdatedSchema,
    apply: async (trx, e) => {
      if (e.payload.bot) await feed.botSeen(trx as Trx, e.payload.bot, e.occurredAt);
    },
  };
  const deleted: ConsumerSpec<typeof BotDeletedSchema> = {
    durable: "chat-on-bot-deleted",
    subjects: [subjectOf("bots", "bot.deleted")],
    schema: BotDeletedSchema,
    apply: (trx, e) => feed.botDeleted(trx as Trx, e.payload),
  };
  const matched: ConsumerSpec<typeof ListingMatchedSchema> = {
    durable: "chat-on-listing-matched",
    subjects: [subjectOf("bots", "listing.matched")],
    schema: ListingMatchedSchema,
    // A listing's first matches (their own subject, below) are announced on theirs.
    apply: async (trx, e) => {
      await feed.listingMatched(trx as Trx, e.payload, e.type === "listing.matched.first" ? "first" : "");
    },
    after: kick, // chat.messages.created goes out now, not at the next relay poll
    // Two of a listing's 500-match events at once keep the database busy; more only hold more
    // chats' locks longer (the first matches of the next listing wait on them) and take the
    // pool's connections: with 16 the first socket's p50 was ~1.3 s, with 2 ~0.35 s (decisions.md).
    inFlight: 2,
  };
  // A listing's first matches come on a subject of their own: this durable takes them beside
  // (not behind) the previous listings' hundreds of matches, so their people are told first.
  const matchedFirst: ConsumerSpec<typeof ListingMatchedSchema> = {
    ...matched,
    durable: "chat-on-listing-matched-first",
    subjects: [subjectOf("bots", "listing.matched.first")],
    fromStart: true, // a subject new on 2026-11-27: the bots of that version may publish first
    after: () => outbox.kick(true), // beside the relay's running pass of hundreds of matches
    inFlight: 8, // events of at most 50 matches: the next listing's need not wait
  };
  return [created, updated, deleted, matched, matchedFirst] as const;
}
