import { cityNameRecords, cityNames } from "./cities.ts";
import { cityEnglish, hoodAliases, hoodEnglish } from "./english.ts";
import { cleanMulti, type MultiPolygonCoords, multiArea } from "./simplify.ts";
import type { Sources } from "./sources.ts";
import { streetsFile } from "./streets.ts";
import { deriveUnits, TEL_AVIV, type Unit } from "./units.ts";

/**
 * Everything `npm run geo` writes, as file path (relative to the repository) → contents.
 * Deterministic: the same sources always give byte-identical files (the freshness test
 * relies on it).
 */
const BROWSER = { hood: { tolerance: 0.00003, decimals: 5 }, city: { tolerance: 0.0001, decimals: 5 } };
// Assignment keeps the sources' own precision (6 decimals in Tel Aviv, 4 in bogind); only
// repeated points go. Cities for cityByPoint are simplified to ~1 m.
const ASSIGN = { hood: { tolerance: 0, decimals: 6 }, city: { tolerance: 0.00001, decimals: 5 } };

export const FILES = {
  hoods: "web/public/hood_boundaries.geojson",
  cities: "web/public/city_boundaries.geojson",
  table: "services/lib/geography/src/data/neighborhoods.json",
  polygons: "services/lib/geography/src/data/polygons.json",
  cityPolygons: "services/lib/geography/src/data/cities.json",
  cityNames: "services/lib/geography/src/data/city_names.json",
  streets: "services/lib/geography/src/data/streets.json",
} as const;

interface Feature {
  type: "Feature";
  id: string;
  properties: Record<string, string | number>;
  geometry: { type: "MultiPolygon"; coordinates: MultiPolygonCoords };
}

/** One feature per line: small diffs when a source changes, still valid JSON. */
const collection = (features: Feature[]) =>
  `{"type":"FeatureCollection","features":[\n${features.map((f) => JSON.stringify(f)).join(",\n")}\n]}\n`;

function cityFeature(
  cityCode: number,
  name: string,
  nameEn: string,
  coordinates: MultiPolygonCoords,
): Feature {
  return {
    type: "Feature",
    id: `city-${cityCode}`,
    properties: {
      hoodCode: "",
      type: "city",
      cId: cityCode,
      name,
      cityCode,
      cityName: name,
      hoodName: "",
      nameEn,
    },
    geometry: { type: "MultiPolygon", coordinates },
  };
}

function hoodFeature(u: Unit, city: string, hoodNameEn: string): Feature {
  const { tolerance, decimals } = BROWSER.hood;
  return {
    type: "Feature",
    id: `hood-${u.code}`,
    properties: {
      hoodCode: String(u.code),
      type: "neighborhood",
      cId: u.cityCode,
      name: `${city} - ${u.hood}`,
      cityCode: u.cityCode,
      cityName: city,
      hoodName: u.hood,
      hoodNameEn,
    },
    geometry: { type: "MultiPolygon", coordinates: cleanMulti(u.polygons, tolerance, decimals) },
  };
}

export function buildOutputs(s: Sources): { files: Record<string, string>; unmatched: string[] } {
  const { units, unmatched } = deriveUnits(s);
  const names = cityNames(s);
  const city = (code: number) => names.get(code) ?? String(code);
  const withHoods = new Set(units.filter((u) => u.polygons.length).map((u) => u.cityCode));

  const reviewed = hoodAliases();
  for (const [cityCode, hoods] of reviewed)
    for (const hood of hoods.keys())
      if (!units.some((u) => u.cityCode === cityCode && u.hood === hood))
        throw new Error(`geo: aliases name ${hood} in city ${cityCode}, which has no such neighbourhood`);
  const table = units.map((u) => {
    const aliases = [...u.aliases].sort();
    const en = hoodEnglish(u.hood, aliases, reviewed.get(u.cityCode)?.get(u.hood));
    return {
      code: u.code,
      name: `${city(u.cityCode)} - ${u.hood}`,
      hood: u.hood,
      city: city(u.cityCode),
      cityCode: u.cityCode,
      yad2: u.yad2,
      ...(aliases.length ? { aliases } : {}),
      hoodEn: en.nameEn,
      keys: en.keys,
      ...(en.keysHe ? { keysHe: en.keysHe } : {}),
    };
  });
  const citiesEn = cityEnglish(s, names);
  const cityEn = (code: number) => citiesEn.get(code)?.nameEn ?? city(code);

  // Overlaps between sources are settled by order: municipal before bogind, then the smaller
  // polygon first (the more specific place). The runtime takes the first polygon that holds a point.
  const polygons = units
    .filter((u) => u.polygons.length)
    .map((u) => ({
      code: u.code,
      cityCode: u.cityCode,
      priority: u.priority,
      coordinates: cleanMulti(u.polygons, ASSIGN.hood.tolerance, ASSIGN.hood.decimals),
    }))
    .map((p) => ({ ...p, area: multiArea(p.coordinates) }))
    .sort((a, b) => a.priority - b.priority || a.area - b.area || a.code - b.code)
    .map(({ code, cityCode, coordinates }) => ({ code, cityCode, coordinates }));

  const moi = [...s.cities].sort((a, b) => a.properties.semel_yeshuv - b.properties.semel_yeshuv);
  const cityFeatures = moi.map((f) =>
    cityFeature(
      f.properties.semel_yeshuv,
      city(f.properties.semel_yeshuv),
      cityEn(f.properties.semel_yeshuv),
      cleanMulti(f.geometry.coordinates, BROWSER.city.tolerance, BROWSER.city.decimals),
    ),
  );
  // Cities with neighbourhoods but no jurisdiction polygon (local councils): their outline is
  // the neighbourhoods themselves, so every area with options can be picked at city zoom too.
  const moiCodes = new Set(moi.map((f) => f.properties.semel_yeshuv));
  for (const code of [...withHoods].filter((c) => !moiCodes.has(c)).sort((a, b) => a - b)) {
    const polys = units.filter((u) => u.cityCode === code).flatMap((u) => u.polygons);
    cityFeatures.push(
      cityFeature(
        code,
        city(code),
        cityEn(code),
        cleanMulti(polys, BROWSER.city.tolerance, BROWSER.city.decimals),
      ),
    );
  }

  const hoodEn = new Map(table.map((r) => [r.code, r.hoodEn]));
  const hoodFeatures = units
    .filter((u) => u.polygons.length)
    .map((u) => hoodFeature(u, city(u.cityCode), hoodEn.get(u.code) ?? u.hood));
  // Cities we have no neighbourhoods for stay on the neighbourhood map as unsupported areas
  // (hoodCode ""): the SPA shows its "no support in this area" tooltip there.
  for (const f of cityFeatures) if (!withHoods.has(f.properties.cityCode as number)) hoodFeatures.push(f);

  const cityPolygons = moi.map((f) => ({
    cityCode: f.properties.semel_yeshuv,
    name: city(f.properties.semel_yeshuv),
    coordinates: cleanMulti(f.geometry.coordinates, ASSIGN.city.tolerance, ASSIGN.city.decimals),
  }));

  if (!withHoods.has(TEL_AVIV)) throw new Error("geo: no Tel Aviv neighbourhoods derived");
  return {
    unmatched,
    files: {
      [FILES.hoods]: collection(hoodFeatures),
      [FILES.cities]: collection(cityFeatures),
      [FILES.table]: `[\n${table.map((r) => JSON.stringify(r)).join(",\n")}\n]\n`,
      [FILES.polygons]: `[\n${polygons.map((p) => JSON.stringify(p)).join(",\n")}\n]\n`,
      [FILES.cityPolygons]: `[\n${cityPolygons.map((p) => JSON.stringify(p)).join(",\n")}\n]\n`,
      [FILES.cityNames]: `[\n${cityNameRecords(s, names)
        .map((r) => ({ ...r, ...citiesEn.get(r.cityCode) }))
        .map((r) => JSON.stringify(r))
        .join(",\n")}\n]\n`,
      [FILES.streets]: streetsFile(),
    },
  };
}
