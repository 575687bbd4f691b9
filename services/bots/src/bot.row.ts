import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { type Bot, BotSchema } from "@dirabot/proto/bots/v1/bots_pb.js";
import type { BotRow } from "./db.ts";

/** The proto of a stored bot; `seenPosts` only where the caller read them (events leave them out). */
export function toProto(r: BotRow, seenPosts: string[] = []): Bot {
  return create(BotSchema, {
    id: r.id,
    userId: r.user_id,
    botName: r.bot_name,
    description: r.description,
    chatId: r.chat_id,
    chatName: r.chat_name,
    active: r.active,
    neighborhoodCodes: r.neighborhood_codes,
    priceMin: r.price_min,
    priceMax: r.price_max,
    minRooms: r.min_rooms,
    merchant: r.merchant ?? undefined,
    seenPosts,
    telegramChatId: r.telegram_chat_id ?? "",
    filters: { safeRoom: r.need_safe_room, parking: r.need_parking, elevator: r.need_elevator },
    includeRooms: r.include_rooms,
    includeSublets: r.include_sublets,
    createdAt: timestampFromDate(r.created_at),
    updatedAt: timestampFromDate(r.updated_at),
  });
}
