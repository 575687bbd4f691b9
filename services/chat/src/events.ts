import type { ConsumerSpec, Outbox } from "@dirabot/platform";
import {
  BotCreated,
  BotDeleted,
  BotMemberAdded,
  BotMemberRemoved,
  BotUpdated,
  ListingMatched,
} from "@dirabot/proto/events";
import type { ChatDb } from "./db.ts";
import type { FeedService } from "./feed.service.ts";

/** The chat service's consumers of the bots service's events (idempotent through the inbox). */
export function consumers(feed: FeedService, outbox: Outbox) {
  const kick = () => outbox.kick();
  const created: ConsumerSpec<typeof BotCreated.schema, undefined, ChatDb> = {
    durable: "chat-on-bot-created",
    event: BotCreated,
    apply: async (trx, e) => {
      if (e.payload.bot) await feed.botSeen(trx, e.payload.bot, e.occurredAt);
    },
  };
  const updated: ConsumerSpec<typeof BotUpdated.schema, undefined, ChatDb> = {
    durable: "chat-on-bot-updated",
    event: BotUpdated,
    apply: async (trx, e) => {
      if (e.payload.bot) await feed.botSeen(trx, e.payload.bot, e.occurredAt);
    },
  };
  const deleted: ConsumerSpec<typeof BotDeleted.schema, undefined, ChatDb> = {
    durable: "chat-on-bot-deleted",
    event: BotDeleted,
    apply: (trx, e) => feed.botDeleted(trx, e.payload),
  };
  const matched: ConsumerSpec<typeof ListingMatched.schema, undefined, ChatDb> = {
    durable: "chat-on-listing-matched",
    event: ListingMatched,
    // A listing's first matches (their own subject, below) are announced on theirs.
    apply: async (trx, e) => {
      await feed.listingMatched(trx, e.payload, e.type === ListingMatched.lanes.first.type ? "first" : "");
    },
    after: kick, // chat.messages.created goes out now, not at the next relay poll
    // Two of a listing's 500-match events at once keep the database busy; more only hold more
    // chats' locks longer (the first matches of the next listing wait on them) and take the
    // pool's connections (docs/decisions/0141-a-lane-of-their-own-for-a.md).
    inFlight: 2,
  };
  // A listing's first matches come on a subject of their own: this durable takes them beside
  // (not behind) the previous listings' hundreds of matches, so their people are told first.
  const matchedFirst: ConsumerSpec<typeof ListingMatched.schema, undefined, ChatDb> = {
    ...matched,
    durable: "chat-on-listing-matched-first",
    event: ListingMatched.lanes.first,
    fromStart: true, // the lane came with this durable: bots of that version may publish first
    after: () => outbox.kick(true), // beside the relay's running pass of hundreds of matches
    inFlight: 8, // events of at most 50 matches: the next listing's need not wait
  };
  return [created, updated, deleted, matched, matchedFirst, ...memberConsumers(feed)] as const;
}

/**
 * Shared bots' members, the chat service's own copy: a member reads the chat and is told of its
 * messages from bot.member_added on, and not from bot.member_removed on. Idempotent (the inbox,
 * and an older decision never overwrites a newer one); a deleted chat takes nobody in.
 */
function memberConsumers(feed: FeedService) {
  const added: ConsumerSpec<typeof BotMemberAdded.schema, undefined, ChatDb> = {
    durable: "chat-on-bot-member-added",
    event: BotMemberAdded,
    apply: (trx, e) => feed.memberChanged(trx, e.payload, true, e.occurredAt),
  };
  const removed: ConsumerSpec<typeof BotMemberRemoved.schema, undefined, ChatDb> = {
    durable: "chat-on-bot-member-removed",
    event: BotMemberRemoved,
    apply: (trx, e) => feed.memberChanged(trx, e.payload, false, e.occurredAt),
  };
  return [added, removed] as const;
}
