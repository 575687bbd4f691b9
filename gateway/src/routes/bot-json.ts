import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { Bot } from "@dirabot/proto/bots/v1/bots_pb.js";

/** The creator as the bot card shows it ('User: ' + name; the screen falls back to 'Unknown user'). */
export interface CreatorJson {
  _id: string;
  firstname: string;
  lastname: string;
  fullname: string;
  email: string;
}

/**
 * The spec's bot request (SPEC.md §3), mapped from the proto in this one place. A Telegram group
 * bot's chatId is the group's (CONTRACT.md); its web chat is found by bot in the chat list.
 */
export function botJson(b: Bot, creator: CreatorJson | null) {
  return {
    _id: b.id,
    chatName: b.chatName,
    chatId: b.telegramChatId || b.chatId,
    botName: b.botName,
    description: b.description,
    createdBy: creator,
    createdAt: b.createdAt ? timestampDate(b.createdAt).toISOString() : null,
    updatedAt: b.updatedAt ? timestampDate(b.updatedAt).toISOString() : null,
    isActive: b.active,
    neighborhoodCodes: b.neighborhoodCodes,
    priceLimit: [b.priceMin, b.priceMax] as [number, number],
    rooms: b.minRooms,
    merchant: b.merchant ?? null,
    seenPosts: b.seenPosts,
  };
}
