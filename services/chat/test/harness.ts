import { randomUUID } from "node:crypto";
import { create } from "@bufbuild/protobuf";
import { createClient } from "@connectrpc/connect";
import { launch, type Running } from "@dirabot/platform";
import { asUser, testSettings, trustedTransport, waitFor } from "@dirabot/platform/testing";
import type { Bot } from "@dirabot/proto/bots/v1/bots_pb.js";
import { ChatService } from "@dirabot/proto/chat/v1/chat_pb.js";
import { BotCreated, ListingMatched } from "@dirabot/proto/events";
import { type Listing, ListingSchema } from "@dirabot/proto/listings/v1/listings_pb.js";
import { chat } from "../src/module.ts";
import { botsDouble } from "./bots-double.ts";
import { chatEventsRecorder } from "./recorder.ts";

export type ChatClient = ReturnType<typeof createClient<typeof ChatService>>;

/** The chat service alone, with the bots double feeding it events and a recorder of its own events. */
export async function startChat() {
  const bots = botsDouble();
  const recorder = chatEventsRecorder();
  const running: Running = await launch(testSettings(), [chat, bots.module, recorder.module]);
  const client: ChatClient = createClient(ChatService, trustedTransport(running));
  /** Call options acting for a person (who travels in the credential, not the request). */
  const as = (userId: string, admin = false) => asUser(userId, admin);

  /** A bot announced by bot.created, once its chat is there. */
  const openChat = async (userId: string): Promise<Bot> => {
    const bot = bots.bot(userId);
    await bots.emit(BotCreated, { bot });
    await waitFor(
      async () => ((await client.canRead({ chatId: bot.chatId }, as(userId))).allowed ? true : undefined),
      "the bot's chat",
    );
    return bot;
  };

  /** A listing matched by these bots, delivered as the bots service would: one event for all. */
  const matchAll = (matched: Bot[], listing: Listing) =>
    bots.emit(ListingMatched, matchedEvent(matched, listing));
  const match = (bot: Bot, listing: Listing) => matchAll([bot], listing);

  return { running, client, bots, recorder, as, openChat, match, matchAll };
}

/** The payload of `listing.matched` for these bots. */
export function matchedEvent(matched: Bot[], listing: Listing) {
  return {
    listing,
    matches: matched.map((b) => ({ botId: b.id, userId: b.userId, chatId: b.chatId, botName: b.botName })),
  };
}

/** A listing as the bots service puts it in listing.matched; `canonicalId` names its duplicate group. */
export function listing(
  extra: { canonicalId?: string; price?: number; rooms?: number; location?: string } = {},
) {
  const id = randomUUID();
  return create(ListingSchema, {
    id,
    canonicalId: extra.canonicalId ?? id,
    source: "yad2",
    externalId: id,
    location: extra.location ?? "ויטל 4, פלורנטין, תל אביב יפו",
    neighborhood: "פלורנטין",
    neighborhoodCode: 205,
    rooms: extra.rooms ?? 3,
    price: extra.price ?? 6500,
    link: `https://www.yad2.co.il/item/${id}`,
    images: ["https://img.example/1.jpg"],
  });
}
