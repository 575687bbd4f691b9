import { exampleBot } from "@dirabot/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../../i18n/index.ts";
import { areasSummary, botState, lastMatchLine, priceBand, roomsLine, weekLine } from "./texts.ts";

// What a bot card says of what the bot watches and how it is doing, in
// English and in Hebrew.

const FLORENTIN = { code: 205, name: "תל אביב יפו - פלורנטין", nameEn: "Tel Aviv-Yafo - Florentin" };
const NEVE_TZEDEK = { code: 848, name: "תל אביב יפו - נווה צדק", nameEn: "Tel Aviv-Yafo - Neve Tzedek" };
const TWO_NAMES = {
  code: 9,
  name: "תל אביב יפו - נווה גן;קרית שאול",
  nameEn: "Tel Aviv-Yafo - Neve Gan;Kiryat Shaul",
};
const bot = { ...exampleBot, neighborhoodCodes: [205], areas: [FLORENTIN] };
const five = { ...bot, neighborhoodCodes: [848, 205, 9, 10, 11], areas: [NEVE_TZEDEK, FLORENTIN, TWO_NAMES] };
const now = new Date("2026-03-01T12:00:00.000Z");
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();
/** A price as he-IL writes it: marks keep the digits and the sign in order, a no-break space joins them. */
const ils = (digits: string) => `\u200F${digits}\u00A0\u200F₪`;

describe("a bot's state", () => {
  it("is Active only when on and watching some area; without areas it waits; off it is paused", () => {
    expect(botState({ isActive: true, neighborhoodCodes: [205] })).toBe("active");
    expect(botState({ isActive: true, neighborhoodCodes: [] })).toBe("needsAreas");
    expect(botState({ isActive: false, neighborhoodCodes: [205] })).toBe("paused");
    expect(botState({ isActive: false, neighborhoodCodes: [] })).toBe("paused");
  });

  it("says what a bot without areas lacks, and the Active badge never shows for it", () => {
    expect(i18n.t("bots:card.needsAreasTitle")).toBe("Choose areas to start");
    expect(i18n.t("bots:card.needsAreas")).not.toBe(i18n.t("bots:card.active"));
  });
});

describe("in English", () => {
  it("names the first two areas without their city and counts the rest", () => {
    expect(areasSummary(bot)).toBe("Florentin");
    expect(areasSummary({ ...bot, neighborhoodCodes: [848, 205], areas: [NEVE_TZEDEK, FLORENTIN] })).toBe(
      "Neve Tzedek, Florentin",
    );
    expect(areasSummary(five)).toBe("Neve Tzedek, Florentin +3");
    // An area the answer does not name is counted, never dropped.
    expect(areasSummary({ ...bot, neighborhoodCodes: [1, 2], areas: [] })).toBe("2 areas");
    expect(areasSummary({ ...bot, neighborhoodCodes: [], areas: [] })).toBe("");
  });

  it("joins a place of several names, never showing a raw ';'", () => {
    expect(areasSummary({ ...bot, areas: [TWO_NAMES], neighborhoodCodes: [9] })).toBe(
      "Neve Gan, Kiryat Shaul",
    );
  });

  it("writes the price band in shekels and the rooms as a minimum", () => {
    expect(priceBand({ priceLimit: [3000, 7500] })).toBe("₪3,000 – ₪7,500");
    expect(roomsLine({ rooms: 1 })).toBe("1+ room");
    expect(roomsLine({ rooms: 3 })).toBe("3+ rooms");
  });

  it("tells the last match as a relative time, and this week's count", () => {
    expect(lastMatchLine({ lastMatchAt: minutesAgo(12) }, now)).toBe("Last match 12 minutes ago");
    expect(lastMatchLine({ lastMatchAt: minutesAgo(60 * 26) }, now)).toBe("Last match yesterday");
    expect(lastMatchLine({ lastMatchAt: null }, now)).toBe("No matches yet");
    expect(weekLine({ matchesThisWeek: 1 })).toBe("1 match this week");
    expect(weekLine({ matchesThisWeek: 1250 })).toBe("1,250 matches this week");
    expect(weekLine({ matchesThisWeek: 0 })).toBe("0 matches this week");
  });
});

describe("in Hebrew", () => {
  beforeAll(() => i18n.changeLanguage("he"));
  afterAll(() => i18n.changeLanguage("en"));

  it("names the areas in Hebrew and counts the rest the Hebrew way", () => {
    expect(areasSummary(bot)).toBe("פלורנטין");
    expect(areasSummary(five)).toBe("נווה צדק, פלורנטין ועוד 3");
    expect(areasSummary({ ...bot, neighborhoodCodes: [1], areas: [] })).toBe("אזור אחד");
    expect(areasSummary({ ...bot, neighborhoodCodes: [1, 2, 3], areas: [] })).toBe("3 אזורים");
  });

  it("writes the band with the shekel sign after the number, and rooms the Hebrew way", () => {
    expect(priceBand({ priceLimit: [3000, 7500] })).toBe(`${ils("3,000")} – ${ils("7,500")}`);
    expect(roomsLine({ rooms: 1 })).toBe("חדר אחד ומעלה");
    expect(roomsLine({ rooms: 2 })).toBe("2 חדרים ומעלה");
    expect(roomsLine({ rooms: 4 })).toBe("4 חדרים ומעלה");
  });

  it("tells the last match and the week in Hebrew", () => {
    expect(lastMatchLine({ lastMatchAt: minutesAgo(12) }, now)).toBe("התאמה אחרונה לפני 12 דקות");
    expect(lastMatchLine({ lastMatchAt: null }, now)).toBe("עדיין אין התאמות");
    expect(weekLine({ matchesThisWeek: 1 })).toBe("התאמה אחת השבוע");
    expect(weekLine({ matchesThisWeek: 2 })).toBe("2 התאמות השבוע");
    expect(weekLine({ matchesThisWeek: 7 })).toBe("7 התאמות השבוע");
    expect(i18n.t("bots:card.needsAreasTitle")).toBe("בחרו אזורים כדי להתחיל");
  });
});
