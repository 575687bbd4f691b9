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
    apply: async (trx, e) => {
      await feed.listingMatched(trx as Trx, e.payload);
    },
    after: kick, // chat.messages.created goes out now, not at the next relay poll
  };
  return [created, updated, deleted, matched] as const;
}
