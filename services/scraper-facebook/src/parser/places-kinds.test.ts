import { describe, expect, it } from "vitest";
import { type ParsedPost, parsePost } from "./index.ts";

const NOW = { postedAt: new Date("2026-11-15T10:00:00Z") };
const field = <K extends keyof ParsedPost>(text: string, key: K) => parsePost(text, NOW)[key];

describe("street", () => {
  it.each([
    ["להשכרה ברחוב דוד ילין 2 חדרים", "דוד ילין"],
    ["להשכרה ברחוב וושינגטון 31, 2 חדרים", "וושינגטון 31"],
    ["להשכרה ברח' גורדון 2 חדרים", "גורדון"],
    ["להשכרה ברח גורדון 12", "גורדון 12"],
    ["להשכרה רחוב: אברבנאל", "אברבנאל"],
    ["להשכרה בקינג ג'ורג' – דירת 3 חדרים", "קינג ג'ורג'"],
    ["להשכרה בבוגרשוב פינת בן יהודה", "בוגרשוב"],
    ["להשכרה בשד' ירושלים 3 חדרים", "שדרות ירושלים"],
    ["הצפון הישןרחוב בן יהודה3חד'75 מ'ר", "בן יהודה"],
    ["FOR RENT, Street: Allenby", "Allenby"],
  ])("%s → %s", (text, street) => expect(field(text, "street")).toBe(street));

  it("does not take 'a quiet street' or 'parking in the street' for a name", () => {
    expect(field("להשכרה 2 חדרים ברחוב שקט", "street")).toBeNull();
    expect(field("להשכרה 2 חדרים, חניה ברחוב בשפע", "street")).toBeNull();
  });
});

describe("neighbourhood and city", () => {
  it.each([
    ["להשכרה בפלורנטין 2 חדרים", "פלורנטין", 205, "תל אביב"],
    ["להשכרה בלב העיר 2 חדרים", "לב תל אביב", 1520, "תל אביב"],
    ["להשכרה בצפון הישן 2 חדרים", "הצפון הישן", null, "תל אביב"],
    ["להשכרה ליד כיכר המדינה 2 חדרים", "הצפון החדש - כיכר המדינה", 1516, "תל אביב"],
    ["להשכרה בשכונת קריית שלום 2 חדרים", "קרית שלום", 212, "תל אביב"],
    ["להשכרה ביפו ג' 2 חדרים", "נווה גולן", 492, "יפו"],
    ["להשכרה 2 חדרים ברמת גן, שכונת הבורסה", "בורסה", 653, "רמת גן"],
  ])("%s → %s", (text, hood, code, city) => {
    const p = parsePost(text, NOW);
    expect([p.neighborhood, p.neighborhoodCode, p.city]).toEqual([hood, code, city]);
  });

  it("finds any official neighbourhood named after שכונת in the platform's table", () => {
    const p = parsePost("להשכרה 3 חדרים ברמת גן, שכונת חרוזים, 5,500 ₪", NOW);
    expect([p.neighborhood, p.neighborhoodCode, p.city]).toEqual(["חרוזים", 327, "רמת גן"]);
  });

  it("does not let a long street or a distance decide the neighbourhood", () => {
    expect(field("להשכרה 2 חדרים ברחוב דיזנגוף 100", "neighborhood")).toBeNull();
    expect(field("להשכרה 2 חדרים, 5 דקות מפלורנטין", "neighborhood")).toBeNull();
  });

  it.each([
    ['להשכרה 2 חדרים בת"א', "תל אביב"],
    ["להשכרה 2 חדרים בתל-אביב יפו", "תל אביב"],
    ["להשכרה 2 חדרים ביפו", "יפו"],
    ["להשכרה 2 חדרים בגבעתיים", "גבעתיים"],
    ['להשכרה 2 חדרים בר"ג', "רמת גן"],
  ])("%s → %s", (text, city) => expect(field(text, "city")).toBe(city));
});

describe("entry date", () => {
  it.each([
    ["להשכרה 2 חדרים, כניסה מיידית", "immediate"],
    ["להשכרה 2 חדרים, כניסה מידית", "immediate"],
    ["להשכרה 2 חדרים, כניסה: מיידיתלפרטים", "immediate"],
    ["להשכרה 2 חדרים, כניסה ב-1.12", "2026-12-01"],
    ["להשכרה 2 חדרים, כניסה מ-1/12", "2026-12-01"],
    ["להשכרה 2 חדרים, כניסה 1.3", "2027-03-01"],
    ["להשכרה 2 חדרים, כניסה 01/04/27", "2027-04-01"],
    ["להשכרה 2 חדרים, מועד כניסה: 15 למרץ", "2027-03-15"],
    ["להשכרה 2 חדרים, כניסה ב-1.11", "2026-11-01"],
    ["סאבלט 13.12-3.1 בפלורנטין", "2026-12-13"],
    ["FOR RENT 2 rooms, Available from 1.1.2027", "2027-01-01"],
  ])("%s → %s", (text, date) => expect(field(text, "entryDate")).toBe(date));

  it("leaves an impossible date or a month alone null", () => {
    expect(field("להשכרה 2 חדרים, כניסה: 31.2", "entryDate")).toBeNull();
    expect(field("להשכרה 2 חדרים, כניסה בנובמבר", "entryDate")).toBeNull();
  });
});

describe("broker", () => {
  it.each([
    ["להשכרה 2 חדרים, תיווך", true],
    ["להשכרה 2 חדרים, דמי תיווך חודש", true],
    ["להשכרה 2 חדרים מתיווך", true],
    ["להשכרה 2 חדרים, ללא תיווך", false],
    ["להשכרה 2 חדרים, בלי תיווך", false],
    ["להשכרה 2 חדרים, לא תיווך", false],
    ["להשכרה 2 חדרים, ללא דמי תיווך", false],
    ["להשכרה 2 חדרים", null],
  ])("%s → %s", (text, broker) => expect(field(text, "broker")).toBe(broker));
});

describe("kind", () => {
  it.each([
    ['להשכרה דירת 3 חדרים בפלורנטין, 6000 ש"ח', "apartment"],
    ['מתפנה חדר בדירת 3 שותפים, 2500 ש"ח', "room"],
    ["מחפשים שותף/ה לדירת 4 חדרים", "room"],
    ["חדר בדירה ברמת אביב, 2900", "room"],
    ["מסבלטת את החדר שלי לחודשיים", "sublet"],
    ["sublet in Florentin for 2 weeks", "sublet"],
    ["מחפש דירת 2 חדרים בצפון הישן עד 7000", "not_offer"],
    ["מחפשת דירה באזור פלורנטין", "not_offer"],
    ['למכירה דירת 4 חדרים, 3,200,000 ש"ח', "not_offer"],
    ["דירה להחלפה: מציעים 2 חדרים, מחפשים 3", "not_offer"],
    ["הובלות זולות בתל אביב! 050-555-3119", "not_offer"],
    ['מוכרת ספה במצב מעולה, 800 ש"ח', "not_offer"],
    ["מישהו יודע מה המחיר הסביר לדירת 3 חדרים? משלמים 7,000", "not_offer"],
    ['להשכרה דירת 3 חדרים, מתאימה לשותפים, 7000 ש"ח', "apartment"],
  ])("%s → %s", (text, kind) => expect(field(text, "kind")).toBe(kind));

  it("gives a not_offer post no listing fields", () => {
    expect(parsePost("למכירה 4 חדרים ברחוב דיזנגוף 100, קומה 3, 050-555-1234", NOW)).toEqual({
      kind: "not_offer",
      price: null,
      rooms: null,
      floor: null,
      size: null,
      phone: null,
      street: null,
      neighborhood: null,
      neighborhoodCode: null,
      city: null,
      entryDate: null,
      broker: null,
    });
  });
});

describe("rendered text", () => {
  it("reads a post whose line breaks were lost (rentifier golden-002)", () => {
    const text =
      "*** להשכרה, 3חד + מרפסת ענקית ***הצפון הישןרחוב בן יהודה3חד'75 מ'רקומה 5נוף ישיר ליםמעליתממ'דכניסה: 31.2שכ'ד: 9500 ש'חלפרטים ותיאום: עופר - 050-555-0002תיווך - ARAD";
    expect(parsePost(text, NOW)).toMatchObject({
      kind: "apartment",
      price: 9500,
      rooms: 3,
      floor: 5,
      size: 75,
      phone: "0505550002",
      street: "בן יהודה",
      neighborhood: "הצפון הישן",
      city: "תל אביב",
      entryDate: null,
      broker: true,
    });
  });

  it("never throws on odd input", () => {
    for (const text of ["", " ", "\n\n", "₪", "0".repeat(5000), "א".repeat(5000), "🔥🔥", "\u202E\u202D"]) {
      expect(parsePost(text).kind).toBe("not_offer");
    }
  });
});
