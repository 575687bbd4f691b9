import type { CreateBotBody, FiltersBody, IncludeBody, NearBody, UpdateBotBody } from "@dirabot/api";
import type * as z from "zod";

// The bot form's fields as the bots service takes them.

/** The bots service's fields for filters and include; what the form leaves out stays as stored. */
export function choices(f: {
  filters?: z.infer<typeof FiltersBody>;
  include?: z.infer<typeof IncludeBody>;
  near?: z.infer<typeof NearBody>;
}) {
  return {
    near: f.near && {
      near: f.near.map((c) => ({
        placeId: c.placeId,
        km: c.km ?? 0,
        minutes: c.minutes ?? 0,
        mode: c.mode ?? "",
      })),
    },
    filters: f.filters && {
      safeRoom: f.filters.safeRoom === true,
      parking: f.filters.parking === true,
      elevator: f.filters.elevator === true,
    },
    includeRooms: f.include ? f.include.rooms === true : undefined,
    includeSublets: f.include ? f.include.sublets === true : undefined,
  };
}

/** A group bot's name when its group has no title. */
export const GROUP_BOT = "Telegram group";

/** A new bot's price range when none is given (the settings slider's whole range, as stored by default). */
const ANY_PRICE = [0, 20_000] as const;

/** The wizard's search on creation, when it sent any of it (the service then applies the form's rules). */
export function searchOf(
  b: Pick<z.infer<typeof CreateBotBody>, "neighborhoodCodes" | "priceLimit" | "rooms" | "merchant">,
) {
  const given = [b.neighborhoodCodes, b.priceLimit, b.rooms, b.merchant].some((v) => v !== undefined);
  if (!given) return undefined;
  const [priceMin, priceMax] = b.priceLimit ?? ANY_PRICE;
  return {
    neighborhoodCodes: b.neighborhoodCodes ?? [],
    priceMin,
    priceMax,
    minRooms: b.rooms ?? 1,
    merchant: b.merchant ?? undefined,
  };
}

/** A bot's new settings, from the settings form. */
export function updateOf(id: string, f: z.infer<typeof UpdateBotBody>) {
  return {
    id,
    botName: f.botName,
    description: f.description,
    active: f.isActive,
    neighborhoodCodes: f.neighborhoodCodes,
    priceMin: f.priceLimit[0],
    priceMax: f.priceLimit[1],
    minRooms: f.rooms,
    // null and absent both mean "all listings" (the proto's unset).
    merchant: f.merchant ?? undefined,
    ...choices(f),
    membersMayEdit: f.membersMayEdit,
    membersMayInvite: f.membersMayInvite,
  };
}
