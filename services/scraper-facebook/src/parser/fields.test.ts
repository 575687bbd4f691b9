import { describe, expect, it } from "vitest";
import { type ParsedPost, parsePost } from "./index.ts";

const NOW = { postedAt: new Date("2026-11-15T10:00:00Z") };
const field = <K extends keyof ParsedPost>(text: string, key: K) => parsePost(text, NOW)[key];

describe("price", () => {
  it.each([
    ["דירת 3 חדרים, מחיר 5,500 ₪", 5500],
    ['דירת 3 חדרים 5500 ש"ח', 5500],
    ["דירת 3 חדרים 5500 ש״ח", 5500],
    ["דירת 3 חדרים 5500 שח לחודש", 5500],
    ["דירת 3 חדרים 5500 ש'ח", 5500],
    ["דירת 3 חדרים 5500 ש''ח", 5500],
    ["דירת 2 חד', מחיר 5.5 אלף", 5500],
    ["להשכרה 2 חדרים שכירות 5500", 5500],
    ['להשכרה 2 חדרים, שכ"ד: 4.500 ש״ח', 4500],
    ["להשכרה 2 חדרים, ₪ 6,200 לחודש", 6200],
    ["להשכרה 2 חדרים, תשלום חודשי 9500k", 9500],
    ["להשכרה 2 חדרים, 6500 אלף", 6500],
    ["FOR RENT 2 rooms, Rent: 7,800 NIS per month", 7800],
    ["Сдается 2-х комнатная квартира, Цена 4500 шек", 4500],
    ["להשכרה 2 חדרים 𝟔.𝟗𝟎𝟎 𝐍𝐈𝐒", 6900],
    ["להשכרה דירה, 4100 שקל כולל מים וארנונה", 4100],
    ["להשכרה דירה, מחיר 6300 + ארנונה 500 לחודשיים", 6300],
  ])("%s → %d", (text, price) => expect(field(text, "price")).toBe(price));

  it.each([
    ["phone digits", "להשכרה 3 חדרים, טלפון 054-555-3113"],
    ["size", 'להשכרה 3 חדרים, 75 מ"ר'],
    ["floor", "להשכרה 3 חדרים, קומה 3"],
    ["date", "להשכרה 3 חדרים, כניסה 15.10.2026"],
    ["arnona", 'להשכרה 3 חדרים, ארנונה 780 ש"ח לחודשיים'],
    ["vaad", "להשכרה 3 חדרים, ועד בית 250 ₪"],
    ["management fee", 'להשכרה 3 חדרים, דמי ניהול: 1,200 ש"ח'],
    ["deposit", "להשכרה 3 חדרים, פיקדון 10,000 ₪"],
    ["nightly rate", 'סאבלט סטודיו, 350 ש"ח ללילה'],
    ["a sale price", 'להשכרה 3 חדרים, 1,500,000 ש"ח'],
  ])("does not take a %s for the price", (_what, text) => expect(field(text, "price")).toBeNull());

  it("takes the rent, not the vaad after it", () => {
    expect(field("FOR RENT 3 rooms\n‣ 13,500₪ + 2800₪ Vaad", "price")).toBe(13500);
  });

  it("uses the Marketplace price when the body has none, but not a ₪1 placeholder", () => {
    expect(field("₪5,900\n  · תל אביב-יפו, תל אביב\nלהשכרה דירת 2 חדרים", "price")).toBe(5900);
    expect(field("₪1\n  · תל אביב-יפו, תל אביב\nלהשכרה דירת 2 חדרים", "price")).toBeNull();
  });
});

describe("rooms", () => {
  it.each([
    ["להשכרה 3 חדרים", 3],
    ["להשכרה 2.5 חד'", 2.5],
    ["להשכרה 3.5 חד", 3.5],
    ["להשכרה 3חד'", 3],
    ["להשכרה דירת חדר וחצי", 1.5],
    ["להשכרה דירת סטודיו", 1],
    ["להשכרה דירת שלושה חדרים", 3],
    ["להשכרה דירת שניים וחצי חדרים", 2.5],
    ["להשכרה דירת חדר בחולון", 1],
    ["Rooms: 4, for rent", 4],
    ["FOR RENT 3 rooms apartment", 3],
    ["FOR RENT 3BR apartment", 4],
    ["להשכרה 2 חדרי שינה וסלון", 3],
    ["Сдается 3-х комнатная квартира", 3],
  ])("%s → %d", (text, rooms) => expect(field(text, "rooms")).toBe(rooms));

  it("does not read a bathroom or a range as the room count", () => {
    expect(field('להשכרה דירה עם 2 חדרי רחצה, 5000 ש"ח', "rooms")).toBeNull();
    expect(field('להשכרה דירה 2-3 חדרים, 5000 ש"ח', "rooms")).toBeNull();
  });
});

describe("floor", () => {
  it.each([
    ["להשכרה 2 חדרים קומה 2", 2],
    ["להשכרה 2 חדרים, בקומה 7", 7],
    ["להשכרה 2 חדרים קומה 2 מתוך 4", 2],
    ["להשכרה 2 חדרים קומה 4/4", 4],
    ["להשכרה 2 חדרים קומת קרקע", 0],
    ["להשכרה דירת קרקע 2 חדרים", 0],
    ["להשכרה 2 חדרים קומה שלישית", 3],
    ["להשכרה 2 חדרים בקומה השנייה", 2],
    ["להשכרה 2 חדרים 75 מ'רקומה 5", 5],
    ["FOR RENT 2 rooms, 3rd floor", 3],
    ["FOR RENT 2 rooms, Floor: 6", 6],
  ])("%s → %d", (text, floor) => expect(field(text, "floor")).toBe(floor));

  it("leaves a building's floor count and 'a high floor' null", () => {
    expect(field("להשכרה 2 חדרים, 4 קומות בבניין", "floor")).toBeNull();
    expect(field("להשכרה 2 חדרים, קומה גבוהה", "floor")).toBeNull();
  });
});

describe("size", () => {
  it.each([
    ['להשכרה 2 חדרים 75 מ"ר', 75],
    ["להשכרה 2 חדרים 75 מ'ר", 75],
    ["להשכרה 2 חדרים 75 מ״ר", 75],
    ["להשכרה 2 חדרים כ-75 מטר", 75],
    ["להשכרה 2 חדרים 75 מר", 75],
    ["FOR RENT 2 rooms 120sqm", 120],
    ['להשכרה 2 חדרים 90 מ"ר + 50 מ"ר מרפסת', 90],
    ["להשכרה 2 חדרים, גודל - 65", 65],
  ])("%s → %d", (text, size) => expect(field(text, "size")).toBe(size));

  it("skips balconies and distances", () => {
    expect(field("להשכרה 2 חדרים, מרפסת 14 מטר", "size")).toBeNull();
    expect(field("להשכרה 2 חדרים, 200 מטר מהים", "size")).toBeNull();
  });
});

describe("phone", () => {
  it.each([
    ["להשכרה 054-555-3113", "0545553113"],
    ["להשכרה 0545553113", "0545553113"],
    ["להשכרה 054 555 31 13", "0545553113"],
    ["להשכרה +972 54-555-3113", "0545553113"],
    ["להשכרה +972545553113", "0545553113"],
    ["להשכרה +9720545553113", "0545553113"],
    ["להשכרה 972-54-5553113", "0545553113"],
    ["להשכרה 054.555.3113", "0545553113"],
    ["להשכרה \u202D054-5553113\u202C", "0545553113"],
    ["להשכרה https://wa.me/972545553113", "0545553113"],
    ["להשכרה 03-5553113", "035553113"],
  ])("%s → %s", (text, phone) => expect(field(text, "phone")).toBe(phone));

  it("prefers a mobile number over a landline", () => {
    expect(field("להשכרה 03-5553113 או 052-5553114", "phone")).toBe("0525553114");
  });
});
