import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { Bot as BotJson, Person } from "@dirabot/api";
import type { Bot } from "@dirabot/proto/bots/v1/bots_pb.js";

/**
 * A bot as the screens receive it, mapped from the proto in this one place. A Telegram group
 * bot's chatId is the group's id; its web chat is found by bot in the chat list. The creator is
 * null when the owner is gone (the card then says 'Unknown user').
 */
export function botJson(b: Bot, creator: Person | null): BotJson {
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
    priceLimit: [b.priceMin, b.priceMax],
    rooms: b.minRooms,
    merchant: b.merchant ?? null,
    seenPosts: b.seenPosts,
    // true = must have (a flat whose fact is unknown does not pass), null = any.
    filters: {
      safeRoom: b.filters?.safeRoom ? true : null,
      parking: b.filters?.parking ? true : null,
      elevator: b.filters?.elevator ? true : null,
    },
    include: { rooms: b.includeRooms, sublets: b.includeSublets },
    near: b.near.map((n) => ({
      placeId: n.placeId,
      km: n.minutes ? null : n.km,
      minutes: n.minutes || null,
      mode: n.minutes && isMode(n.mode) ? n.mode : null,
    })),
    areas: b.firstAreas.map((a) => ({ code: a.code, name: a.name, nameEn: a.nameEn })),
    lastMatchAt: b.lastMatchAt ? timestampDate(b.lastMatchAt).toISOString() : null,
    matchesThisWeek: b.matchesThisWeek,
    membersMayEdit: b.membersMayEdit,
    membersMayInvite: b.membersMayInvite,
    memberIds: b.memberIds,
  };
}

const isMode = (m: string): m is "walking" | "cycling" | "driving" =>
  m === "walking" || m === "cycling" || m === "driving";
