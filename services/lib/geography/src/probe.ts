import { assignNeighborhood, cityByPoint, neighborhoodByCode } from "./index.ts";

/**
 * `node services/lib/geography/src/probe.ts <lat> <lon> [name] [cityCode]`: what the product
 * decides for a place, as one JSON line. A tool for checking a listing by hand, and the script
 * the tests run under Deno to prove the module loads its data there too.
 */
const [lat, lon, name, city] = process.argv.slice(2);
const p = {
  lat: lat ? Number(lat) : undefined,
  lon: lon ? Number(lon) : undefined,
  name: name || undefined,
  cityCode: city ? Number(city) : undefined,
};
const a = assignNeighborhood(p);
const at = p.lat !== undefined && p.lon !== undefined ? cityByPoint(p.lat, p.lon) : undefined;
console.log(
  JSON.stringify({ ...a, name: a.code === null ? null : neighborhoodByCode(a.code)?.name, city: at ?? null }),
);
