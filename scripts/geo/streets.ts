import { GIVATAYIM_STREETS, RAMAT_GAN_STREETS, STREET_SOURCE, TEL_AVIV_STREETS } from "./street-names.ts";

/**
 * The street gazetteer `npm run geo` writes: every street of the source lists once per city,
 * with the spellings posts use (the source's own, plus the name without geresh or gershayim:
 * `ג'ורג'` → `גורג`, `ביל"ו` → `בילו`) and its English names, and the provenance of the list.
 */
export interface StreetRecord {
  cityCode: number;
  name: string;
  /** Other Hebrew spellings of the same street. */
  spellings?: string[];
  english?: string[];
}

export interface StreetGazetteer {
  provenance: typeof STREET_SOURCE & { builtBy: string };
  streets: StreetRecord[];
}

const CITIES: [number, string][] = [
  [5000, TEL_AVIV_STREETS],
  [8600, RAMAT_GAN_STREETS],
  [6300, GIVATAYIM_STREETS],
];

/** The name without its acronym and foreign-sound marks, as posts often type it. */
const bare = (name: string) => name.replace(/["']/g, "");

export function buildStreets(): StreetGazetteer {
  const streets: StreetRecord[] = [];
  for (const [cityCode, source] of CITIES) {
    const byName = new Map<string, { spellings: Set<string>; english: Set<string> }>();
    for (const entry of source.split(/[|\n]/)) {
      const [hebrew = "", english = ""] = entry.trim().split("=");
      const [name, ...others] = hebrew
        .split("~")
        .map((s) => s.trim())
        .filter(Boolean);
      if (!name) continue;
      const rec = byName.get(name) ?? { spellings: new Set<string>(), english: new Set<string>() };
      for (const s of [...others, bare(name), ...others.map(bare)]) if (s !== name) rec.spellings.add(s);
      for (const e of english.split("/")) if (e.trim()) rec.english.add(e.trim());
      byName.set(name, rec);
    }
    for (const [name, { spellings, english }] of [...byName].sort(([a], [b]) => a.localeCompare(b, "he"))) {
      streets.push({
        cityCode,
        name,
        ...(spellings.size ? { spellings: [...spellings].sort() } : {}),
        ...(english.size ? { english: [...english] } : {}),
      });
    }
  }
  return { provenance: { ...STREET_SOURCE, builtBy: "npm run geo (scripts/geo/streets.ts)" }, streets };
}

/** One street per line: small diffs when the list changes, still valid JSON. */
export function streetsFile(g: StreetGazetteer = buildStreets()): string {
  return `{"provenance":${JSON.stringify(g.provenance)},"streets":[\n${g.streets.map((s) => JSON.stringify(s)).join(",\n")}\n]}\n`;
}
