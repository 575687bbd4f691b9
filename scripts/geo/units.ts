import { normalizeHebrew } from "@dirabot/geography";
import { otherCities } from "./bogind.ts";
import type { Sources } from "./sources.ts";
import { telAviv } from "./tlv.ts";
import { parts, type Unit } from "./unit.ts";

export { OWN_CODE_BASE, ownCode, TEL_AVIV, type Unit } from "./unit.ts";

/** Aliases that add nothing (equal to the name) or could mean two places of a city are dropped. */
function pruneAliases(units: Unit[]): void {
  const owners = new Map<string, Set<number>>();
  const claim = (u: Unit, name: string) => {
    const k = `${u.cityCode}|${normalizeHebrew(name)}`;
    owners.set(k, (owners.get(k) ?? new Set()).add(u.code));
  };
  for (const u of units) {
    claim(u, u.hood);
    for (const name of [u.hood, ...u.aliases]) for (const p of parts(name)) u.aliases.add(p);
    for (const a of u.aliases) claim(u, a);
  }
  for (const u of units) {
    const seen = new Set([normalizeHebrew(u.hood)]);
    for (const a of [...u.aliases].sort()) {
      const n = normalizeHebrew(a);
      if (seen.has(n) || (owners.get(`${u.cityCode}|${n}`)?.size ?? 0) > 1) u.aliases.delete(a);
      seen.add(n);
    }
  }
  const names = new Map<string, number>();
  for (const u of units) {
    const k = `${u.cityCode}|${normalizeHebrew(u.hood)}`;
    const other = names.get(k);
    if (other !== undefined) throw new Error(`geo: codes ${other} and ${u.code} share the name ${u.hood}`);
    names.set(k, u.code);
  }
}

export function deriveUnits(s: Sources): { units: Unit[]; unmatched: string[] } {
  const units = new Map<number, Unit>();
  const unmatched: string[] = [];
  telAviv(s, units);
  otherCities(s, units, unmatched);
  const list = [...units.values()].sort((a, b) => a.code - b.code);
  pruneAliases(list);
  return { units: list, unmatched };
}
