import type { Client } from "@connectrpc/connect";
import {
  assetRoutes as assetContract,
  botRoutes as botContract,
  GeocodeQuery,
  type Neighborhood,
} from "@dirabot/api";
import type { ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import type Router from "@koa/router";
import { requireUser } from "../auth/session.ts";
import { parse } from "../body.ts";
import type { ApiDoc } from "../openapi.ts";
import { callAs } from "./actor.ts";

type Option = Neighborhood;

/**
 * The neighbourhood table is reference data that changes with a deploy, not with use: one
 * fetch serves every caller for a minute. A failed fetch is not kept, so the next call retries.
 */
function neighborhoodCache(listings: Client<typeof ListingsService>, ttlMs = 60_000) {
  let hit: { at: number; options: Promise<Option[]> } | undefined;
  return (): Promise<Option[]> => {
    if (hit && Date.now() - hit.at < ttlMs) return hit.options;
    const options = listings
      .listNeighborhoods({})
      .then((r) =>
        r.neighborhoods
          .map((n) => ({ code: n.code, name: n.name, nameEn: n.nameEn, keys: n.keys }))
          .sort((a, b) => a.name.localeCompare(b.name, "he") || a.code - b.code),
      );
    const entry = { at: Date.now(), options };
    hit = entry;
    options.catch(() => {
      if (hit === entry) hit = undefined;
    });
    return options;
  };
}

/**
 * Geography: the neighbourhood options and code map (public reference data; static paths only,
 * so /api/requests/{id} routes of the bots feature can sit beside them), and the map's place
 * search, proxied through the listings service (which caches and talks to GEOCODER_URL).
 */
export function geoRoutes(
  router: Router,
  deps: { listings: Client<typeof ListingsService> },
  doc: ApiDoc,
): void {
  const { listings } = deps;
  const neighborhoods = neighborhoodCache(listings);

  doc.add(botContract.neighborhoods);
  router.get("/api/requests/neighborhoods", async (k) => {
    k.set("Cache-Control", "public, max-age=60");
    k.body = await neighborhoods();
  });

  doc.add(botContract.codes);
  router.get("/api/requests/codes", async (k) => {
    const options = await neighborhoods();
    k.set("Cache-Control", "public, max-age=60");
    k.body = Object.fromEntries(options.map((o) => [String(o.code), o.name]));
  });

  doc.add(assetContract.geocode);
  router.get("/api/geocode", requireUser, async (k) => {
    const { q } = parse(GeocodeQuery, { q: k.query.q });
    const r = await listings.geocode({ query: q }, callAs(k));
    k.body = r.places.map((p) => ({ lat: p.lat, lon: p.lon, displayName: p.displayName }));
  });
}
