import { TLV_YAD2_NAMES } from "./aliases.ts";
import type { Sources } from "./sources.ts";
import { ownCode, TEL_AVIV, tidy, type Unit, unit, yad2Only } from "./unit.ts";

/** Tel Aviv-Yafo from the municipal layer 511, with the Yad2 ids of its enriched properties. */
export function telAviv(s: Sources, units: Map<number, Unit>): void {
  const catalog = s.catalog.cities.find((c) => c.yad2_city_id === TEL_AVIV);
  const yad2 = new Map((catalog?.hoods ?? []).map((h) => [h.yad2_hood_id, h]));
  const extra = new Map<number, string[]>();
  for (const [name, ms] of Object.entries(TLV_YAD2_NAMES)) extra.set(ms, [...(extra.get(ms) ?? []), name]);
  // A name the catalog adds later must be placed by hand, not silently left unmatched.
  for (const n of s.catalog.meta.tlv_yad2_names_without_known_id) {
    const name = n.replace(/\s*\(.*\)\s*$/, "");
    if (!(name in TLV_YAD2_NAMES))
      throw new Error(`geo: Yad2 name "${name}" has no Tel Aviv polygon in aliases.ts`);
  }
  for (const f of [...s.tlv].sort((a, b) => a.properties.ms_shchuna - b.properties.ms_shchuna)) {
    const ms = f.properties.ms_shchuna;
    const label = tidy(s.tlvLabels.get(ms) ?? f.properties.shem_shchuna);
    const ids = [...f.properties.yad2_hood_ids].sort((a, b) => a - b);
    const pick = ids.find((id) => yad2.get(id)?.tlv_ms_shchuna === ms) ?? ids[0];
    let u: Unit;
    if (pick === undefined) {
      u = unit(ownCode(TEL_AVIV, ms), label, TEL_AVIV, false, 0);
    } else {
      const name = yad2.get(pick)?.name_he ?? f.properties.yad2_hood_names[ids.indexOf(pick)] ?? label;
      u = units.get(pick) ?? unit(pick, name, TEL_AVIV, true, 0);
      u.aliases.add(label);
    }
    for (const n of extra.get(ms) ?? []) u.aliases.add(n);
    u.polygons.push(f.geometry.coordinates);
    units.set(u.code, u);
  }
  // Yad2 ids with no municipal polygon (e.g. אזורי חן) are still options, found by name.
  for (const h of yad2.values())
    if (!units.has(h.yad2_hood_id)) units.set(h.yad2_hood_id, yad2Only(h, TEL_AVIV));
}
