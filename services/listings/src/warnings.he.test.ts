import { warningMessageIn } from "@dirabot/api/warnings.he.ts";
import { describe, expect, it } from "vitest";
import { priceWarning, textWarnings } from "./warnings.service.ts";

// The listings service words its warnings in English; a Hebrew reader gets each in Hebrew.
describe("a listing's warnings in Hebrew", () => {
  it("has every text warning the listings service can give", () => {
    const texts = [
      "Asks for money before you have seen the flat",
      "Says the owner is abroad and will send the keys",
      "Says the owner is abroad",
      "Offers to send the keys by post or courier",
    ];
    for (const t of texts) expect(warningMessageIn("he", t)).toMatch(/[\u0590-\u05FF]/);
    expect(textWarnings("").length).toBe(0);
  });

  it("keeps the figures and isolates the place of a price far below its area", () => {
    const w = priceWarning(
      { id: "l", description: "", phone: "", merchant: false, rooms: 3, neighborhood: "פלורנטין" } as never,
      { ratio: 0.58, areaMedianPerRoom: 2400 } as never,
    );
    expect(w?.message).toBe("Price is 42% below the median for 3 rooms in פלורנטין (₪7,200)");
    expect(warningMessageIn("he", w?.message ?? "")).toBe(
      "המחיר נמוך ב־42% מהחציון לדירת 3 חדרים ב\u2068פלורנטין\u2069 (\u200f7,200\u00a0\u200f₪)",
    );
    // An English reader's line keeps the figures on their side of the Hebrew place.
    expect(warningMessageIn("en", w?.message ?? "")).toBe(
      "Price is 42% below the median for 3 rooms in \u2068פלורנטין\u2069 (₪7,200)",
    );
  });

  it("words a busy phone", () => {
    expect(
      warningMessageIn(
        "he",
        "The same phone is on 5 different flats in 3 neighbourhoods in the last 30 days",
      ),
    ).toBe("אותו מספר טלפון מופיע ב־5 דירות שונות ב־3 שכונות ב־30 הימים האחרונים");
  });
});
