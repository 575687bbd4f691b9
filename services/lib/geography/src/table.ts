import { cityNameRecords, neighborhoodRecords } from "./data.ts";
import { normalizeHebrew } from "./normalize.ts";
import { placeKey } from "./places.ts";

export interface NeighborhoodInfo {
  code: number;
  /** 'City - Hood', the option's name as the area picker shows it; the part before the first " - " is the group. */
  name: string;
  hood: string;
  city: string;
  cityCode: number;
  /** The code is Yad2's own neighbourhood id (else one of ours, 900,000,000 and up). */
  yad2: boolean;
  /** 'City - Hood' in English (the city's English name, the hood's reviewed or transliterated one). */
  nameEn: string;
  /** Latin search keys (placeKey) of the city and the hood, space-separated, but those inside placeKey(nameEn): see optionKeys. */
  keys: string;
}

interface Table {
  sorted: NeighborhoodInfo[];
  byCode: Map<number, NeighborhoodInfo>;
  /** normalised name → every neighbourhood it names; more than one means "ambiguous". */
  byName: Map<string, NeighborhoodInfo[]>;
}

let table: Table | undefined;

/**
 * The keys an option sends, space-separated: the picker looks for a word's key inside any of
 * them and inside the key of the English name (optionKeys), so a key inside another, or inside
 * the English name's, adds nothing and is left out: half the bytes.
 */
function searchKeys(keys: string[], nameEn: string): string {
  const unique = [...new Set(keys)];
  const shown = placeKey(nameEn);
  return unique
    .filter((k) => !shown.includes(k) && !unique.some((other) => other !== k && other.includes(k)))
    .join(" ");
}

const collator = new Intl.Collator("he");

function build(): Table {
  const sorted: NeighborhoodInfo[] = [];
  const byCode = new Map<number, NeighborhoodInfo>();
  const byName = new Map<string, NeighborhoodInfo[]>();
  const add = (key: string, n: NeighborhoodInfo) => {
    const k = normalizeHebrew(key);
    const list = byName.get(k) ?? [];
    if (!list.includes(n)) list.push(n);
    byName.set(k, list);
  };
  const cityEn = new Map(cityNameRecords().map((c) => [c.cityCode, c]));
  for (const r of neighborhoodRecords()) {
    const c = cityEn.get(r.cityCode);
    const nameEn = `${c?.nameEn ?? r.city} - ${r.hoodEn}`;
    const n: NeighborhoodInfo = Object.freeze({
      code: r.code,
      name: r.name,
      hood: r.hood,
      city: r.city,
      cityCode: r.cityCode,
      yad2: r.yad2,
      nameEn,
      keys: searchKeys(
        [c?.keys, c?.keysHe, r.keys, r.keysHe].flatMap((k) => k ?? []),
        nameEn,
      ),
    });
    sorted.push(n);
    byCode.set(n.code, n);
    for (const key of [r.name, r.hood, ...(r.aliases ?? [])]) add(key, n);
    for (const a of r.aliases ?? []) add(`${r.city} - ${a}`, n);
  }
  sorted.sort((a, b) => collator.compare(a.name, b.name) || a.code - b.code);
  return { sorted, byCode, byName };
}

const get = () => {
  table ??= build();
  return table;
};

/** Every neighbourhood option, sorted by name (Hebrew collation). */
export function neighborhoods(): NeighborhoodInfo[] {
  return get().sorted.slice();
}

export function neighborhoodByCode(code: number): NeighborhoodInfo | undefined {
  return get().byCode.get(code);
}

/**
 * The neighbourhood a name means: its hood name, its 'City - Hood' name, or a known alias (the
 * municipal name, Yad2's text, a part of a comma list), compared after normalizeHebrew. A name
 * that fits two places (e.g. "תל גנים" in Ramat Gan and Givatayim without a city) answers
 * nothing: never a guess.
 */
export function neighborhoodByName(name: string, cityCode?: number): NeighborhoodInfo | undefined {
  const found = get().byName.get(normalizeHebrew(name)) ?? [];
  const fits = cityCode === undefined ? found : found.filter((n) => n.cityCode === cityCode);
  return fits.length === 1 ? fits[0] : undefined;
}
