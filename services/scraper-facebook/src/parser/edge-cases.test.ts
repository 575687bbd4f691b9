import { describe, expect, it } from "vitest";
import { parsePost } from "./index.ts";

const NOW = { postedAt: new Date("2026-11-15T10:00:00Z") };

/** Shapes the fresh labelled rounds turned up; each once parsed wrong. */
describe("edge cases from real-looking posts", () => {
  it("reads a swap written as offered/wanted headings as not an offer", () => {
    const text = "מציעים\n-\nדירת יחיד בנחלת בנימין, 4000 כולל חשבונות\nמחפשים\n-\nדירת 2/3 חדרים עד 7000";
    expect(parsePost(text, NOW).kind).toBe("not_offer");
  });

  it("does not read a room count after מתפנה as an entry date", () => {
    const p = parsePost("מתפנה דירת 2.5 חדרים בכרם התימנים, 7,300 ₪, כניסה 1.1", NOW);
    expect([p.rooms, p.entryDate]).toEqual([2.5, "2027-01-01"]);
  });

  it("keeps a house number the post gives later, apart from the street", () => {
    expect(parsePost('סטודיו ברחוב הירקון היוקרתי (הירקון 124), 4200 ש"ח', NOW).houseNumber).toBe("124");
  });

  it("does not take the street of a 'near …' clause or a corner for the flat's", () => {
    const p = parsePost(
      'מתפנה חדר, שלומציון המלכה (עורפי)\n סמוך לפארק הירקון ורחוב יהודה המכבי. 2000 ש"ח',
      NOW,
    );
    expect(p.street).toBe("שלומציון המלכה");
  });

  it("gives English streets after on/at in Hebrew, and reads an agent as a broker", () => {
    const p = parsePost(
      "Apartment for rent: 3 rooms on Ibn Gabirol, 8,500 NIS. Agent: Dana 054-555-9015",
      NOW,
    );
    // The street states no city: Tel Aviv is only implied, for the listing.
    expect([p.street, p.city, p.impliedCity, p.broker]).toEqual(["אבן גבירול", null, "תל אביב יפו", true]);
  });

  it("does not put a flat on Jaffa's border in Jaffa", () => {
    expect(parsePost('מתפנה חדר, ברחוב סלמה גבול יפו, 2000 ש"ח', NOW).city).toBeNull();
  });

  it("reads 'rooms in the flat' and 'a shared flat' as a room offer", () => {
    expect(parsePost("להשכרה שני חדרים בדירה גדולה במרכז תל אביב", NOW).kind).toBe("room");
    expect(parsePost("דרוש/ה דייר/ת לחדר בדירה משותפת בפלורנטין, 2,350 ₪", NOW).kind).toBe("room");
  });

  it("reads 'from today' as immediate and a short lease as a sublet", () => {
    expect(parsePost("סאבלט בלב העיר מהיום עד 18.10, 10 לילות", NOW).entry).toBe("immediate");
    expect(parsePost("3 months contract! 3 rooms for rent, 8,000 NIS", NOW).kind).toBe("sublet");
  });

  it("adds the living room to 'three rooms + living room'", () => {
    expect(parsePost('מתפנה חדר בדירת פרטר: שלושה חדרים + סלון, 2010 ש"ח', NOW).rooms).toBe(4);
  });
});
