import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { neighborhoodByCode } from "@dirabot/geography";
import { type Bot, BotSchema } from "@dirabot/proto/bots/v1/bots_pb.js";
import type { BotPosts } from "./bots.repo.ts";
import type { BotRow } from "./db.ts";

/** How many of a bot's areas its answers name: a card shows two and "+N". */
const NAMED_AREAS = 3;

/** The proto of a stored bot; its posts only where the caller read them (events leave them out). */
export function toProto(r: BotRow, posts?: BotPosts, memberIds: string[] = []): Bot {
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
    seenPosts: posts?.ids ?? [],
    lastMatchAt: posts?.lastAt ? timestampFromDate(posts.lastAt) : undefined,
    matchesThisWeek: posts?.week ?? 0,
    firstAreas: r.neighborhood_codes.slice(0, NAMED_AREAS).map((code) => {
      const n = neighborhoodByCode(code);
      return { code, name: n?.name ?? "", nameEn: n?.nameEn ?? "" };
    }),
    telegramChatId: r.telegram_chat_id ?? "",
    filters: { safeRoom: r.need_safe_room, parking: r.need_parking, elevator: r.need_elevator },
    includeRooms: r.include_rooms,
    includeSublets: r.include_sublets,
    membersMayEdit: r.members_may_edit,
    membersMayInvite: r.members_may_invite,
    memberIds,
    near: r.near.map((n) => ({
      placeId: n.placeId,
      km: n.km ?? 0,
      minutes: n.minutes ?? 0,
      mode: n.mode ?? "",
    })),
    createdAt: timestampFromDate(r.created_at),
    updatedAt: timestampFromDate(r.updated_at),
  });
}
