import { describe, expect, it } from "vitest";
import {
  cities,
  cityByCode,
  cityByName,
  neighborhoodByCode,
  neighborhoodByName,
  neighborhoods,
  normalizeHebrew,
} from "./index.ts";

describe("normalizeHebrew", () => {
  it("drops niqqud, quote styles and punctuation, and unifies plene spellings", () => {
    expect(normalizeHebrew("פְלוֹרֶנְטִין")).toBe("פלורנטין");
    expect(normalizeHebrew("קריית שלום")).toBe(normalizeHebrew("קרית שלום"));
    expect(normalizeHebrew("נווה צדק")).toBe(normalizeHebrew("נוה צדק"));
    expect(normalizeHebrew("שיינקין")).toBe(normalizeHebrew("שינקין"));
    expect(normalizeHebrew('כפר אז"ר')).toBe(normalizeHebrew("כפר אז״ר"));
    expect(normalizeHebrew("עג'מי")).toBe(normalizeHebrew("עג׳מי"));
    expect(normalizeHebrew("תל־אביב")).toBe("תל אביב");
    expect(normalizeHebrew("  הצפון הישן-החלק הצפוני ")).toBe("הצפון הישן החלק הצפוני");
    expect(normalizeHebrew("לבנה,ידידיה")).toBe("לבנה ידידיה");
  });

  it("keeps different places different", () => {
    expect(normalizeHebrew("נאות אפקה א'")).not.toBe(normalizeHebrew("נאות אפקה ב'"));
    expect(normalizeHebrew("רמת אביב")).not.toBe(normalizeHebrew("רמת אביב ג'"));
  });
});

describe("neighbourhood options", () => {
  const all = neighborhoods();

  it("are sorted by name in Hebrew order, named 'City - Hood', with unique codes and names", () => {
    const collator = new Intl.Collator("he");
    for (let i = 1; i < all.length; i++)
      expect(
        collator.compare((all[i - 1] as { name: string }).name, (all[i] as { name: string }).name),
      ).toBeLessThanOrEqual(0);
    expect(new Set(all.map((n) => n.code)).size).toBe(all.length);
    expect(new Set(all.map((n) => n.name)).size).toBe(all.length);
    for (const n of all) {
      expect(n.name).toBe(`${n.city} - ${n.hood}`);
      expect(n.city).not.toContain(" - ");
      expect(Number.isInteger(n.code) && n.code > 0 && n.code < 2 ** 31).toBe(true);
    }
  });

  it("carry the Tel Aviv Yad2 ids public sources agree on", () => {
    const agreed: Record<number, string> = {
      1483: "הצפון הישן - צפון",
      1461: "הצפון הישן - דרום",
      1520: "לב תל אביב",
      1521: "כרם התימנים",
      848: "נווה צדק",
      205: "פלורנטין",
      204: "הצפון החדש - צפון",
      1516: "הצפון החדש - כיכר המדינה",
      1519: "הצפון החדש - דרום",
      1518: "בבלי",
    };
    for (const [code, hood] of Object.entries(agreed)) {
      const n = neighborhoodByCode(Number(code));
      expect(n, code).toMatchObject({ cityCode: 5000, city: "תל אביב יפו", yad2: true });
      expect(n?.hood.startsWith(hood)).toBe(true);
    }
    expect(neighborhoodByCode(205)?.name).toBe("תל אביב יפו - פלורנטין");
  });

  it("cover Tel Aviv-Yafo, Ramat Gan and Givatayim with Yad2 ids and own codes", () => {
    for (const city of [5000, 8600, 6300]) {
      const of = all.filter((n) => n.cityCode === city);
      expect(of.filter((n) => n.yad2).length).toBeGreaterThan(5);
      expect(of.filter((n) => !n.yad2).every((n) => n.code >= 900_000_000)).toBe(true);
    }
    expect(neighborhoodByCode(950_000_063)?.name).toBe("תל אביב יפו - התקוה");
  });
});

describe("neighborhoodByName", () => {
  it("finds Yad2's text names, municipal names and spelling variants", () => {
    expect(neighborhoodByName("הצפון הישן - צפון")?.code).toBe(1483);
    expect(neighborhoodByName("הצפון הישן - החלק הצפוני", 5000)?.code).toBe(1483);
    expect(neighborhoodByName("קריית שלום")?.code).toBe(212);
    expect(neighborhoodByName("קרית שלום", 5000)?.code).toBe(212);
    expect(neighborhoodByName("נוה צדק")?.code).toBe(848);
    expect(neighborhoodByName("פְלוֹרֶנְטִין")?.code).toBe(205);
    expect(neighborhoodByName("תל אביב יפו - פלורנטין")?.code).toBe(205);
    expect(neighborhoodByName("לב תל אביב, לב העיר צפון")?.code).toBe(1520);
    expect(neighborhoodByName("לב העיר צפון")?.code).toBe(1520);
    expect(neighborhoodByName("כפר אז״ר", 8600)?.code).toBe(466);
    expect(neighborhoodByName("שיינקין", 6300)?.code).toBe(1481);
    // Yad2 names that have no Yad2 id: our own code for that municipal polygon.
    expect(neighborhoodByName('התקוה, בית יעקב, נווה צה"ל', 5000)?.code).toBe(950_000_063);
  });

  it("answers nothing for an ambiguous name without its city, nor for a near miss", () => {
    expect(neighborhoodByName("תל גנים")).toBeUndefined();
    expect(neighborhoodByName("תל גנים", 8600)?.code).toBe(241);
    expect(neighborhoodByName("תל גנים", 6300)?.code).toBe(1488);
    expect(neighborhoodByName("פלורנטינו")).toBeUndefined();
    expect(neighborhoodByName("פלורנטין", 8600)).toBeUndefined();
    expect(neighborhoodByName("")).toBeUndefined();
  });
});

describe("cityByName", () => {
  it("knows cities by their names, former names, English names and abbreviations", () => {
    for (const n of ["תל אביב יפו", "תל אביב - יפו", "תל-אביב", "יפו", 'ת"א', "Tel Aviv"])
      expect(cityByName(n), n).toEqual({ cityCode: 5000, name: "תל אביב יפו", nameEn: "Tel Aviv-Yafo" });
    expect(cityByName("נצרת עילית")?.cityCode).toBe(1061);
    expect(cityByName("רמת גן")?.cityCode).toBe(8600);
    expect(cityByName("גבעתיים")?.cityCode).toBe(6300);
    expect(cityByName("קריית אונו")?.cityCode).toBe(2620);
    expect(cityByName("עיר שלא קיימת")).toBeUndefined();
  });

  it("lists every city with neighbourhoods", () => {
    const codes = new Set(cities().map((c) => c.cityCode));
    for (const n of neighborhoods()) expect(codes.has(n.cityCode)).toBe(true);
    expect(cityByCode(5000)?.name).toBe("תל אביב יפו");
  });
});
