import { readFileSync } from "node:fs";

/**
 * The derived data (written by `npm run geo`, see scripts/geo), read on first use: importing
 * the module costs nothing, and the polygons are parsed only by a process that assigns.
 * readFileSync on a file URL works the same under Node and Deno, where JSON import
 * attributes would parse every file at import time.
 */
export interface NeighborhoodRecord {
  code: number;
  name: string;
  hood: string;
  city: string;
  cityCode: number;
  yad2: boolean;
  aliases?: string[];
  /** The hood's English name (reviewed, else transliterated). */
  hoodEn: string;
  /** Latin search keys (placeKey) of the hood's English names. */
  keys: string[];
  /** …and of its Hebrew names' transliterations, where they differ. */
  keysHe?: string[];
}

export type MultiPolygon = [number, number][][][];

export interface PolygonRecord {
  code: number;
  cityCode: number;
  coordinates: MultiPolygon;
}

export interface CityNameRecord {
  cityCode: number;
  name: string;
  aliases?: string[];
  nameEn: string;
  /** Latin search keys (placeKey) of the city's English names. */
  keys: string[];
  /** …and of its Hebrew names' transliterations, where they differ. */
  keysHe?: string[];
}

export interface CityRecord {
  cityCode: number;
  name: string;
  coordinates: MultiPolygon;
}

function load<T>(file: string): T[] {
  const data: unknown = JSON.parse(readFileSync(new URL(`./data/${file}`, import.meta.url), "utf8"));
  if (!Array.isArray(data) || data.length === 0)
    throw new Error(`geo: ${file} is empty; run \`npm run geo\``);
  return data as T[];
}

const cache = new Map<string, unknown[]>();
function cached<T>(file: string): () => T[] {
  return () => {
    let v = cache.get(file);
    if (!v) {
      v = load<T>(file);
      cache.set(file, v);
    }
    return v as T[];
  };
}

export const neighborhoodRecords = cached<NeighborhoodRecord>("neighborhoods.json");
export const polygonRecords = cached<PolygonRecord>("polygons.json");
export const cityRecords = cached<CityRecord>("cities.json");
export const cityNameRecords = cached<CityNameRecord>("city_names.json");

/** A street of the gazetteer `npm run geo` writes (see scripts/geo/streets.ts). */
export interface StreetRecord {
  cityCode: number;
  name: string;
  spellings?: string[];
  english?: string[];
}

let streets: StreetRecord[] | undefined;
/** The street gazetteer of Tel Aviv-Yafo, Ramat Gan and Givatayim, read on first use. */
export function streetRecords(): StreetRecord[] {
  if (!streets) {
    const data = JSON.parse(readFileSync(new URL("./data/streets.json", import.meta.url), "utf8")) as {
      streets?: StreetRecord[];
    };
    if (!data.streets?.length) throw new Error("geo: streets.json is empty; run `npm run geo`");
    streets = data.streets;
  }
  return streets;
}
