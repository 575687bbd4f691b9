import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { build, DEFAULT_SOURCE_DIR } from "./build.ts";
import { FILES } from "./outputs.ts";
import { readSources } from "./sources.ts";

const root = path.resolve(import.meta.dirname, "../..");
const src = DEFAULT_SOURCE_DIR;

interface Feature {
  id: string;
  properties: Record<string, unknown>;
  geometry: { type: string; coordinates: number[][][][] };
}
const signedArea = (r: number[][]) =>
  r.slice(1).reduce((a, q, i) => a + (r[i]?.[0] ?? 0) * (q[1] ?? 0) - (q[0] ?? 0) * (r[i]?.[1] ?? 0), 0);
const committed = (rel: string) => fs.readFileSync(path.join(root, rel), "utf8");
const features = (rel: string): Feature[] => JSON.parse(committed(rel)).features;

describe("geo derivation (npm run geo)", () => {
  let out = "";
  beforeAll(() => {
    // Without the raw data nothing can be checked: fail loudly, never pass by skipping.
    if (!fs.existsSync(path.join(src, "README.md")))
      throw new Error(
        `geo: raw data not found at ${src} (set GEO_SOURCE_DIR); cannot check the derived files`,
      );
    out = fs.mkdtempSync(path.join(os.tmpdir(), "dirabot-geo-"));
    build(src, out);
  });

  it("has committed outputs that are up to date (run `npm run geo` when this fails)", () => {
    for (const rel of Object.values(FILES))
      expect(fs.readFileSync(path.join(out, rel), "utf8") === committed(rel), `${rel} is stale`).toBe(true);
  });

  it("serves small boundary files, rounded to 5 decimals", () => {
    const exact = (v: number) => Math.round(v * 1e5) / 1e5 === v;
    for (const rel of [FILES.hoods, FILES.cities]) {
      expect(fs.statSync(path.join(root, rel)).size).toBeLessThan(900 * 1024);
      const long = features(rel)
        .flatMap((f) => f.geometry.coordinates.flat(2) as unknown as number[][])
        .filter(([x, y]) => !exact(x as number) || !exact(y as number));
      expect(long).toEqual([]);
    }
  });

  it("gives every feature the properties the web app's map reads", () => {
    for (const rel of [FILES.hoods, FILES.cities])
      for (const f of features(rel)) {
        const p = f.properties;
        expect(typeof p.hoodCode).toBe("string");
        expect(["city", "neighborhood"]).toContain(p.type);
        expect(typeof p.cityCode).toBe("number");
        expect(p.cId).toBe(p.cityCode);
        expect(typeof p.cityName).toBe("string");
        expect(typeof p.hoodName).toBe("string");
        expect(p.name).toBe(p.type === "city" ? p.cityName : `${p.cityName} - ${p.hoodName}`);
        expect(f.geometry.type).toBe("MultiPolygon");
        expect(f.geometry.coordinates.length).toBeGreaterThan(0);
        for (const polygon of f.geometry.coordinates as unknown as number[][][][])
          polygon.forEach((ring, i) => {
            expect(ring.length).toBeGreaterThanOrEqual(4);
            expect(ring[ring.length - 1]).toEqual(ring[0]);
            // RFC 7946: shells counter-clockwise, holes clockwise.
            expect(signedArea(ring) > 0).toBe(i === 0);
          });
      }
  });

  it("keeps every source neighbourhood polygon on the map, under the code of the table", () => {
    const s = readSources(src);
    const expected =
      s.tlv.length +
      s.bogind
        .filter((f) => f.properties.city_semel_yeshuv !== 5000)
        .reduce((n, f) => n + f.geometry.coordinates.length, 0);
    const hoods = features(FILES.hoods).filter((f) => f.properties.type === "neighborhood");
    expect(hoods.reduce((n, f) => n + f.geometry.coordinates.length, 0)).toBe(expected);
    const table: { code: number; name: string }[] = JSON.parse(committed(FILES.table));
    const byCode = new Map(table.map((n) => [String(n.code), n.name]));
    expect(new Set(hoods.map((f) => f.properties.hoodCode)).size).toBe(hoods.length);
    for (const f of hoods) expect(byCode.get(f.properties.hoodCode as string)).toBe(f.properties.name);
  });

  it("marks cities without neighbourhoods as unsupported areas, and draws every city with options", () => {
    const table: { cityCode: number }[] = JSON.parse(committed(FILES.table));
    const cities = features(FILES.cities);
    expect(cities.filter((f) => !f.id.startsWith("city-")).length).toBe(0);
    const drawn = new Set(cities.map((f) => f.properties.cityCode));
    for (const n of table) expect(drawn.has(n.cityCode)).toBe(true);
    expect(drawn.size).toBeGreaterThanOrEqual(78);
    const unsupported = features(FILES.hoods).filter((f) => f.properties.hoodCode === "");
    expect(unsupported.length).toBeGreaterThan(0);
    for (const f of unsupported) {
      expect(f.properties.type).toBe("city");
      expect(table.some((n) => n.cityCode === f.properties.cityCode)).toBe(false);
    }
  });
});
