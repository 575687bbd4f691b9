import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { FILES } from "./outputs.ts";
import { buildStreets, type StreetGazetteer } from "./streets.ts";

const root = path.resolve(import.meta.dirname, "../..");
const committed = JSON.parse(fs.readFileSync(path.join(root, FILES.streets), "utf8")) as StreetGazetteer;

describe("street gazetteer", () => {
  it("says where its names come from, under which terms, and when", () => {
    const { provenance } = committed;
    expect(provenance.source).toMatch(/hand/i);
    expect(provenance.licence).not.toBe("");
    expect(provenance.compiled).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(provenance.builtBy).toContain("npm run geo");
  });

  it("covers Tel Aviv-Yafo, Ramat Gan and Givatayim, each street once per city", () => {
    const byCity = new Map<number, string[]>();
    for (const s of committed.streets) byCity.set(s.cityCode, [...(byCity.get(s.cityCode) ?? []), s.name]);
    expect([...byCity.keys()].sort()).toEqual([5000, 6300, 8600]);
    expect(byCity.get(5000)?.length).toBeGreaterThan(300);
    for (const names of byCity.values()) expect(new Set(names).size).toBe(names.length);
  });

  it("keeps the spellings posts use and the English names", () => {
    const find = (name: string, city = 5000) =>
      buildStreets().streets.find((s) => s.name === name && s.cityCode === city);
    expect(find("דיזנגוף")?.spellings).toContain("דיזינגוף");
    expect(find("קינג ג'ורג'")?.spellings).toEqual(expect.arrayContaining(["קינג גורג", "המלך ג'ורג'"]));
    expect(find('ביל"ו')?.spellings).toContain("בילו");
    expect(find("אבן גבירול")?.english).toContain("Ibn Gabirol");
    expect(find("כצנלסון", 6300)?.spellings).toContain("קצנלסון");
  });
});
