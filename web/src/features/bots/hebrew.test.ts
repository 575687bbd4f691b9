import { BOT_MESSAGES } from "@dirabot/api/messages.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../../i18n/index.ts";
import en from "../../i18n/locales/en/bots.json";
import { placeLabel } from "../../lib/places.ts";
import { formatPrice } from "./format.ts";
import { validate } from "./settings/form.ts";
import { chatNameOf, creatorName, deleteQuestion } from "./texts.ts";
import { type BotPreset, presetLine, priceWords, suggestedName } from "./wizard/preset.ts";

// The bots screens in Hebrew: what the helpers write reads as a
// Hebrew speaker expects. (The components themselves are drawn in Hebrew by e2e/bots-he.spec.ts.)

describe("the bots catalogue", () => {
  it("words the settings rules in English as the gateway does", () => {
    expect(en.errors).toEqual({
      areas: BOT_MESSAGES.areas,
      rooms: BOT_MESSAGES.rooms,
      price: BOT_MESSAGES.price,
    });
  });
});

/** A price as he-IL writes it: marks keep the digits and the sign in order, a no-break space joins them. */
const ils = (digits: string) => `\u200F${digits}\u00A0\u200F₪`;

const preset: BotPreset = {
  neighborhoodCodes: [205],
  priceLimit: [0, 7000],
  rooms: 3,
  merchant: false,
  notKept: [],
};

describe("place names", () => {
  it("split on ';' in English too", () => {
    expect(placeLabel("Neve Gan; Kiryat Shaul")).toBe("Neve Gan, Kiryat Shaul");
    expect(placeLabel("A;B;C")).toBe("A, B, C");
  });
});

describe("in Hebrew", () => {
  beforeAll(() => i18n.changeLanguage("he"));
  afterAll(() => i18n.changeLanguage("en"));

  it("joins a place of several names with the language's separator, never a raw ';'", () => {
    expect(placeLabel("נווה גן;קרית שאול")).toBe("נווה גן, קרית שאול");
    expect(placeLabel("פלורנטין")).toBe("פלורנטין");
  });

  it("names a missing creator and chat in Hebrew", () => {
    expect(creatorName({ createdBy: null })).toBe("משתמש לא ידוע");
    expect(chatNameOf({ chatName: " " })).toBe("צ׳אט ללא שם");
  });

  it("asks before deleting in Hebrew", () => {
    expect(deleteQuestion("Old search")).toBe('למחוק את הבוט "Old search"? אי אפשר לבטל את הפעולה.');
  });

  it("lists the settings rules in Hebrew", () => {
    const form = {
      isActive: true,
      neighborhoodCodes: [],
      rooms: null,
      priceLimit: [0, 0] as [number, number],
    };
    expect(validate({ ...form, privateOnly: false })).toEqual([
      "יש לבחור לפחות אזור אחד",
      "יש להזין מספר חדרים תקין (1–10)",
      "יש להגדיר טווח מחירים תקין",
    ]);
  });

  it("writes shekels the Hebrew way, the sign after the number", () => {
    expect(formatPrice(7000)).toBe(ils("7,000"));
  });

  it("suggests a Hebrew name from a search, rooms and price before the area", () => {
    expect(suggestedName(preset, ["פלורנטין"])).toBe(`3 חדרים ומעלה, עד ${ils("7,000")} בפלורנטין`);
    expect(suggestedName({ ...preset, rooms: 2, priceLimit: [3000, 20000] }, ["א", "ב"])).toBe(
      `2 חדרים ומעלה, החל מ־${ils("3,000")} בא וב`,
    );
    expect(suggestedName({ ...preset, rooms: 1, priceLimit: [0, 20000] }, ["א", "ב", "ג"])).toBe("א ועוד 2");
    expect(suggestedName({ ...preset, rooms: 1, priceLimit: [0, 20000] }, [])).toBe("החיפוש שלי");
    expect(priceWords([3000, 7000])).toBe(`${ils("3,000")} – ${ils("7,000")}`);
  });

  it("sums a preset up in one Hebrew line, counting rooms the Hebrew way", () => {
    expect(presetLine({ ...preset, rooms: 1, merchant: null })).toBe(
      `${ils("0")} – ${ils("7,000")} · חדר אחד ומעלה · פרטיים ותיווך`,
    );
    expect(presetLine({ ...preset, rooms: 2 })).toContain("· 2 חדרים ומעלה · פרטיים בלבד");
    expect(presetLine({ ...preset, rooms: 4 })).toContain("· 4 חדרים ומעלה · פרטיים בלבד");
  });

  it("counts a card's areas and seen posts with Hebrew plurals", () => {
    expect(i18n.t("bots:card.areas", { count: 1 })).toBe("אזור");
    expect(i18n.t("bots:card.areas", { count: 2 })).toBe("אזורים");
    expect(i18n.t("bots:card.seen", { count: 1 })).toBe("מודעה שנבדקה");
    expect(i18n.t("bots:card.seen", { count: 12 })).toBe("מודעות שנבדקו");
    expect(i18n.t("bots:areas.selected", { count: 1, n: "1" })).toBe("· אחד נבחר");
    expect(i18n.t("bots:areas.selected", { count: 3, n: "3" })).toBe("· 3 נבחרו");
  });
});
