/**
 * Any official neighbourhood the post names after `שכונת` (`בשכונת חרוזים`), looked up in
 * the platform's neighbourhood table (every city it has), for the names the alias table
 * does not list. Only after `שכונת`: many official names are also streets or words.
 */
import { type NeighborhoodInfo, neighborhoods, normalizeHebrew } from "@dirabot/geography";
import { HE, re } from "./text.ts";

let index: Map<string, { part: string; info: NeighborhoodInfo }[]> | undefined;

function build(): Map<string, { part: string; info: NeighborhoodInfo }[]> {
  const map = new Map<string, { part: string; info: NeighborhoodInfo }[]>();
  for (const info of neighborhoods()) {
    for (const part of [info.hood, ...info.hood.split(",")].map((p) => p.trim())) {
      const key = normalizeHebrew(part);
      if (!key) continue;
      const list = map.get(key) ?? [];
      if (!list.some((e) => e.info.code === info.code)) list.push({ part, info });
      map.set(key, list);
    }
  }
  return map;
}

const SHCHUNA = re(`(?<![${HE}])[ובלמ]{0,2}(?:שכונת|שכ')\\s+((?:[${HE}'"]+\\s*){1,3})`, "gu");

export interface GeoHood {
  name: string;
  /** The parser's city value: Tel Aviv-Yafo's neighbourhoods are "תל אביב". */
  city: string;
  code: number;
}

/** The first `שכונת X` naming exactly one official neighbourhood (in `city`, when given). */
export function geoNeighborhood(text: string, city: string | null): GeoHood | null {
  index ??= build();
  for (const m of text.matchAll(SHCHUNA)) {
    const words = (m[1] ?? "").trim().split(/\s+/);
    for (let k = Math.min(3, words.length); k >= 1; k--) {
      const name = words.slice(0, k).join(" ");
      const found = index.get(normalizeHebrew(name)) ?? index.get(normalizeHebrew(`שכונת ${name}`)) ?? [];
      const cityName = (i: NeighborhoodInfo) => (i.cityCode === 5000 ? "תל אביב" : i.city);
      const fits = city
        ? found.filter((f) => cityName(f.info) === city || (city === "יפו" && f.info.cityCode === 5000))
        : found;
      if (fits.length === 1 && fits[0]) {
        return { name: fits[0].part, city: cityName(fits[0].info), code: fits[0].info.code };
      }
      if (found.length > 0) break;
    }
  }
  return null;
}
