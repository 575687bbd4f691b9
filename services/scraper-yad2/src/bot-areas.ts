import { neighborhoodByCode } from "@dirabot/geography";
import type { ServiceContext } from "@dirabot/platform";
import { BotsService } from "@dirabot/proto/bots/v1/bots_pb.js";
import type { Yad2Area } from "./crawl/crawler.ts";
import type { Yad2Db } from "./db.ts";

/**
 * The neighbourhoods active bots watch, as Yad2 map-feed areas. Only codes that are Yad2's own
 * ids can be asked of Yad2 by neighbourhood; an area with one of our own codes is covered only
 * when its city is in YAD2_CITIES.
 */
export async function botAreas(ctx: ServiceContext<Yad2Db>): Promise<Yad2Area[]> {
  const { neighborhoodCodes } = await ctx.client("bots", BotsService).listWatchedAreas({});
  return neighborhoodCodes.flatMap((code) => {
    const hood = neighborhoodByCode(code);
    return hood?.yad2 ? [{ city: hood.cityCode, neighborhood: code }] : [];
  });
}
