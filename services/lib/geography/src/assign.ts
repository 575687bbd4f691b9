import { cityByCode } from "./cities.ts";
import { cityRecords, polygonRecords } from "./data.ts";
import { type PolygonIndex, polygonIndex } from "./pip.ts";
import { neighborhoodByName } from "./table.ts";

export type AssignMethod = "polygon" | "name" | "none";

let hoods: { index: PolygonIndex; codes: number[]; cities: number[] } | undefined;
let cities: { index: PolygonIndex; records: { cityCode: number; name: string }[] } | undefined;

// Built once, on first use: the polygons come in priority order (scripts/geo/outputs.ts), so
// the lowest index holding a point is the polygon that decides.
function hoodIndex() {
  if (!hoods) {
    const records = polygonRecords();
    hoods = {
      index: polygonIndex(records.map((r) => r.coordinates)),
      codes: records.map((r) => r.code),
      cities: records.map((r) => r.cityCode),
    };
  }
  return hoods;
}

function cityIndex() {
  if (!cities) {
    const records = cityRecords();
    cities = {
      index: polygonIndex(records.map((r) => r.coordinates)),
      records: records.map((r) => ({ cityCode: r.cityCode, name: r.name })),
    };
  }
  return cities;
}

/**
 * Sources overlap a little along city borders (bogind's outlines are approximate): when two
 * polygons hold the point, the one in the listing's city wins — the city the source gave, else
 * the jurisdiction holding the point — then the priority order.
 */
function pick(hits: number[], lat: number, lon: number, cityCode: number | undefined): number {
  const first = hits[0] as number;
  if (hits.length === 1) return first;
  const city = cityCode || cityByPoint(lat, lon)?.cityCode;
  return hits.find((i) => hoodIndex().cities[i] === city) ?? first;
}

const usable = (v: number | undefined): v is number => typeof v === "number" && Number.isFinite(v);

/**
 * The product's neighbourhood code for a listing: the polygon holding its coordinates first,
 * then an exact normalised match of the name the source gave (within its city when known),
 * else none. `method` records which decided.
 */
export function assignNeighborhood(p: { lat?: number; lon?: number; name?: string; cityCode?: number }): {
  code: number | null;
  method: AssignMethod;
} {
  if (usable(p.lat) && usable(p.lon)) {
    const h = hoodIndex();
    const hits = h.index.findAll(p.lon, p.lat);
    if (hits.length)
      return { code: h.codes[pick(hits, p.lat, p.lon, p.cityCode)] as number, method: "polygon" };
  }
  if (p.name?.trim()) {
    const n = neighborhoodByName(p.name, p.cityCode || undefined);
    if (n) return { code: n.code, method: "name" };
  }
  return { code: null, method: "none" };
}

/**
 * The city (Ministry of Interior jurisdiction) holding a point; for a local council without a
 * jurisdiction polygon, the city of the neighbourhood polygon holding it.
 */
export function cityByPoint(lat: number, lon: number): { cityCode: number; name: string } | undefined {
  if (!usable(lat) || !usable(lon)) return undefined;
  const c = cityIndex();
  const i = c.index.find(lon, lat);
  if (i !== undefined) return c.records[i];
  const h = hoodIndex();
  const j = h.index.find(lon, lat);
  if (j === undefined) return undefined;
  const cityCode = h.cities[j] as number;
  const city = cityByCode(cityCode);
  return city && { cityCode: city.cityCode, name: city.name };
}
