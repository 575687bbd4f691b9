import { describe, expect, it } from "vitest";
import { type ParsedPost, parsePost } from "./index.ts";

const NOW = { postedAt: new Date("2026-11-15T10:00:00Z") };
const field = <K extends keyof ParsedPost>(text: string, key: K) => parsePost(text, NOW)[key];

describe("street", () => {
  it.each([
    ["להשכרה ברחוב דוד ילין 2 חדרים", "דוד ילין"],
    ["להשכרה ברחוב וושינגטון 31, 2 חדרים", "וושינגטון"],
    ["להשכרה ברח' גורדון 2 חדרים", "גורדון"],
    ["להשכרה ברח גורדון 12", "גורדון"],
    ["להשכרה רחוב: אברבנאל", "אברבנאל"],
    ["להשכרה בקינג ג'ורג' – דירת 3 חדרים", "קינג ג'ורג'"],
    ["להשכרה בבוגרשוב פינת בן יהודה", "בוגרשוב"],
    ["להשכרה בשד' ירושלים 3 חדרים", "שדרות ירושלים"],
    ["הצפון הישןרחוב בן יהודה3חד'75 מ'ר", "בן יהודה"],
    ["FOR RENT, Street: Allenby", "אלנבי"],
    // The gazetteer tells where a long name ends, and English names become Hebrew.
    ["להשכרה ברחוב אבא הלל סילבר 12, 3 חדרים", "אבא הלל סילבר"],
    ["להשכרה ברח' לה גוארדיה 40", "לה גוארדיה"],
    ["2 rooms for rent on Balfour, 6,000 NIS", "בלפור"],
    ["Studio for rent at HaYarkon 80", "הירקון"],
    ["Apartment on Rothschild Blvd., 3 rooms", "רוטשילד"],
    // A variant spelling is given as the post writes it.
    ["להשכרה 2 חדרים בדיזינגוף 100", "דיזינגוף"],
  ])("%s → %s", (text, street) => expect(field(text, "street")).toBe(street));

  it("gives no street for an English name the gazetteer does not know, or a beach", () => {
    expect(field("Room for rent, Street: Blueberry Lane", "street")).toBeNull();
    expect(field("Studio for rent, 5 minutes on Gordon Beach", "street")).toBeNull();
  });

  it("gives the street without its house number, and the number apart for the listing", () => {
    const p = parsePost("להשכרה ברחוב וושינגטון 31, 2 חדרים", NOW);
    expect([p.street, p.houseNumber]).toEqual(["וושינגטון", "31"]);
    expect(parsePost("להשכרה ברח' גורדון 2 חדרים", NOW).houseNumber).toBeNull();
  });

  it("does not take 'a quiet street' or 'parking in the street' for a name", () => {
    expect(field("להשכרה 2 חדרים ברחוב שקט", "street")).toBeNull();
    expect(field("להשכרה 2 חדרים, חניה ברחוב בשפע", "street")).toBeNull();
  });
});

describe("neighbourhood and city", () => {
  it.each([
    // A neighbourhood alone states no city: the city stays null (its code is still found).
    ["להשכרה בפלורנטין 2 חדרים", "פלורנטין", 205, null],
    ["להשכרה בלב העיר 2 חדרים", "לב תל אביב", 1520, null],
    ["להשכרה בצפון הישן 2 חדרים", "הצפון הישן", null, null],
    ["להשכרה ליד כיכר המדינה 2 חדרים", "הצפון החדש - כיכר המדינה", 1516, null],
    ["להשכרה בשכונת קריית שלום 2 חדרים", "קרית שלום", 212, null],
    ["להשכרה ביפו ג' 2 חדרים", "נווה גולן", 492, "תל אביב יפו"],
    ["להשכרה 2 חדרים ביפו", "יפו", null, "תל אביב יפו"],
    ["להשכרה 2 חדרים ברמת גן, שכונת הבורסה", "בורסה", 653, "רמת גן"],
  ])("%s → %s", (text, hood, code, city) => {
    const p = parsePost(text, NOW);
    expect([p.neighborhood, p.neighborhoodCode, p.city]).toEqual([hood, code, city]);
  });

  it("finds any official neighbourhood named after שכונת in the platform's table", () => {
    const p = parsePost("להשכרה 3 חדרים ברמת גן, שכונת חרוזים, 5,500 ₪", NOW);
    expect([p.neighborhood, p.neighborhoodCode, p.city]).toEqual(["חרוזים", 327, "רמת גן"]);
  });

  it("does not take a landmark or a market for a neighbourhood", () => {
    expect(field("להשכרה 2 חדרים ליד שוק הכרמל", "neighborhood")).toBeNull();
    expect(field("להשכרה 2 חדרים במתחם שרונה", "neighborhood")).toBeNull();
  });

  it("takes a two-word name whose article a prefix swallowed (בגוש הגדול)", () => {
    expect(field("להשכרה דירת 4 חדרים בגוש הגדול", "neighborhood")).toBe("הגוש הגדול");
  });

  it("does not let a long street or a distance decide the neighbourhood", () => {
    expect(field("להשכרה 2 חדרים ברחוב דיזנגוף 100", "neighborhood")).toBeNull();
    expect(field("להשכרה 2 חדרים, 5 דקות מפלורנטין", "neighborhood")).toBeNull();
  });

  it.each([
    ['להשכרה 2 חדרים בת"א', "תל אביב יפו"],
    ["להשכרה 2 חדרים בתל-אביב יפו", "תל אביב יפו"],
    ["להשכרה 2 חדרים ביפו", "תל אביב יפו"],
    ["להשכרה 2 חדרים בגבעתיים", "גבעתיים"],
    ['להשכרה 2 חדרים בר"ג', "רמת גן"],
  ])("%s → %s", (text, city) => expect(field(text, "city")).toBe(city));

  it("leaves the city null when the text and the Marketplace line disagree", () => {
    expect(field('להשכרה 2 חדרים ברחוב הירקון בת"א\n₪9,500\n  · רמת גן, תל אביב\nדירה', "city")).toBeNull();
  });
});

describe("entry date", () => {
  it.each([
    ["להשכרה 2 חדרים, כניסה ב-1.12", "2026-12-01"],
    ["להשכרה 2 חדרים, כניסה מ-1/12", "2026-12-01"],
    ["להשכרה 2 חדרים, כניסה 1.3", "2027-03-01"],
    ["להשכרה 2 חדרים, כניסה 01/04/27", "2027-04-01"],
    ["להשכרה 2 חדרים, מועד כניסה: 15 למרץ", "2027-03-15"],
    ["להשכרה 2 חדרים, כניסה ב-1.11", "2026-11-01"],
    ["סאבלט 13.12-3.1 בפלורנטין", "2026-12-13"],
    ["FOR RENT 2 rooms, Available from 1.1.2027", "2027-01-01"],
  ])("%s → %s", (text, date) => expect(field(text, "entryDate")).toBe(date));

  it.each([
    "להשכרה 2 חדרים, כניסה מיידית",
    "להשכרה 2 חדרים, כניסה מידית",
    "להשכרה 2 חדרים, כניסה: מיידיתלפרטים",
  ])("%s → no date, available now", (text) => {
    const p = parsePost(text, NOW);
    expect([p.entryDate, p.entry]).toEqual([null, "immediate"]);
  });

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
    ['מתפנה חדר בדירת 3 שותפים, 2500 ש"ח', false],
    ['מסבלטת את החדר שלי לחודשיים, 3000 ש"ח', false],
    ['אנחנו עוזבים את הדירה שלנו, 3 חדרים, 6500 ש"ח', false],
    ['עוזבים את הדירה, נכנסנו אליה דרך תיווך. 3 חדרים, 6500 ש"ח', false],
    ["Hostel beds for the holidays, 69 NIS per night, book now", null],
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
      houseNumber: null,
      entry: null,
      impliedCity: null,
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
      city: null,
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
