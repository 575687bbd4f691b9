import { cityNameRecords } from "./data.ts";
import { normalizeHebrew } from "./normalize.ts";

export interface CityInfo {
  /** CBS settlement code, which is also Yad2's city id. */
  cityCode: number;
  name: string;
  nameEn: string;
}

let byName: Map<string, CityInfo> | undefined;
let all: CityInfo[] | undefined;

function load(): Map<string, CityInfo> {
  if (!byName) {
    byName = new Map();
    all = [];
    for (const r of cityNameRecords()) {
      const c: CityInfo = Object.freeze({ cityCode: r.cityCode, name: r.name, nameEn: r.nameEn });
      all.push(c);
      // The build keeps only aliases no other city shares, so the first owner is the only one.
      for (const n of [r.name, ...(r.aliases ?? [])])
        if (!byName.has(normalizeHebrew(n))) byName.set(normalizeHebrew(n), c);
    }
  }
  return byName;
}

/** Every city we know (the 78 cities and the local councils we have neighbourhoods for), by code. */
export function cities(): CityInfo[] {
  load();
  return (all as CityInfo[]).slice();
}

/** The city a name means (its name, former name, English name, a common abbreviation such as ת"א or יפו). */
export function cityByName(name: string): CityInfo | undefined {
  return load().get(normalizeHebrew(name));
}

export function cityByCode(cityCode: number): CityInfo | undefined {
  load();
  return all?.find((c) => c.cityCode === cityCode);
}
