import type { ServiceModule } from "@dirabot/platform";
import { BotsService } from "@dirabot/proto/bots/v1/bots_pb.js";
import { chatTables } from "../migrations/0001_chat.ts";
import { ChatsRepo } from "./chats.repo.ts";
import { ChatsService } from "./chats.service.ts";
import type { Db } from "./db.ts";
import { consumers } from "./events.ts";
import { FeedService } from "./feed.service.ts";
import { MessagesRepo } from "./messages.repo.ts";
import { MessagesService } from "./messages.service.ts";
import { routes } from "./server.ts";

/** The chat service: one chat per bot, its asset and text messages. */
export const chat: ServiceModule = {
  name: "chat",
  schema: "chat",
  migrations: { "0001_chat": chatTables },
  async start(ctx) {
    const db = ctx.db as Db;
    const chats = new ChatsRepo(db);
    const messages = new MessagesRepo(db);
    const feed = new FeedService({ chats, messages, outbox: ctx.outbox, log: ctx.log });
    const [created, updated, deleted, matched] = consumers(feed, ctx.outbox);
    ctx.consume(created);
    ctx.consume(updated);
    ctx.consume(deleted);
    ctx.consume(matched);
    return {
      routes: routes({
        chats: new ChatsService({ db, chats, messages, feed, bots: ctx.client("bots", BotsService) }),
        messages: new MessagesService({ db, chats, messages, outbox: ctx.outbox }),
      }),
    };
  },
};
