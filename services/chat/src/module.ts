import type { ServiceModule } from "@dirabot/platform";
import { BotsService } from "@dirabot/proto/bots/v1/bots_pb.js";
import { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import { chatTables } from "../migrations/0001_chat.ts";
import { deliveries } from "../migrations/0002_deliveries.ts";
import { priceDrops } from "../migrations/0003_price_drops.ts";
import { listingSnapshots } from "../migrations/0004_listing_snapshots.ts";
import { lighterMatchWrites } from "../migrations/0005_lighter_match_writes.ts";
import { messageOrder } from "../migrations/0006_message_order.ts";
import { members } from "../migrations/0007_members.ts";
import { votes } from "../migrations/0008_votes.ts";
import { ChatsRepo } from "./chats.repo.ts";
import { ChatsService } from "./chats.service.ts";
import type { ChatDb } from "./db.ts";
import { consumers } from "./events.ts";
import { FeedService } from "./feed.service.ts";
import { FreshnessRepo } from "./freshness.repo.ts";
import { FreshnessService } from "./freshness.service.ts";
import { MessagesRepo } from "./messages.repo.ts";
import { MessagesService } from "./messages.service.ts";
import { ownerLocale } from "./owner-locale.ts";
import { priceDropConsumer } from "./price-drops.ts";
import { routes } from "./server.ts";
import { VotesRepo } from "./votes.repo.ts";
import { VotesService } from "./votes.service.ts";

/** The chat service: one chat per bot, its asset and text messages. */
export const chat: ServiceModule<ChatDb> = {
  name: "chat",
  schema: "chat",
  migrations: {
    "0001_chat": chatTables,
    "0002_deliveries": deliveries,
    "0003_price_drops": priceDrops,
    "0004_listing_snapshots": listingSnapshots,
    "0005_lighter_match_writes": lighterMatchWrites,
    "0006_message_order": messageOrder,
    "0007_members": members,
    "0008_votes": votes,
  },
  async start(ctx) {
    const db = ctx.db;
    const chats = new ChatsRepo(db);
    const messages = new MessagesRepo(db);
    const freshness = new FreshnessRepo(db);
    const feed = new FeedService({ chats, messages, freshness, outbox: ctx.outbox, log: ctx.log });
    const [created, updated, deleted, matched, matchedFirst, memberAdded, memberRemoved] = consumers(
      feed,
      ctx.outbox,
    );
    ctx.consume(created);
    ctx.consume(updated);
    ctx.consume(deleted);
    ctx.consume(matched);
    ctx.consume(matchedFirst);
    ctx.consume(memberAdded);
    ctx.consume(memberRemoved);
    const identity = ctx.client("identity", IdentityService);
    ctx.consume(
      priceDropConsumer({
        chats,
        messages,
        outbox: ctx.outbox,
        log: ctx.log,
        localeOf: (userId) => ownerLocale(identity, userId, ctx.log),
      }),
    );
    const votes = new VotesService({ db, chats, messages, votes: new VotesRepo(db), outbox: ctx.outbox });
    return {
      routes: routes({
        chats: new ChatsService({ db, chats, messages, feed, bots: ctx.client("bots", BotsService), votes }),
        messages: new MessagesService({ db, chats, messages, outbox: ctx.outbox, votes }),
        freshness: new FreshnessService(freshness),
        votes,
      }),
    };
  },
};
