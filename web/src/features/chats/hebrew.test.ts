import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../../i18n/index.ts";
import {
  floorText,
  formatPrice,
  placeNames,
  placeParts,
  preview,
  roomsText,
  senderName,
  sizeText,
  summaryParts,
  unreadLabel,
} from "./format.ts";
import type { Message } from "./types.ts";

// The chats screens' texts in Hebrew: from the Hebrew catalogue with its plurals, numbers and
// prices as Hebrew writes them, and mixed data split into the pieces each laid out on its own.

const message = (content: string, extra: Partial<Message> = {}): Message => ({
  _id: "m",
  chatId: "c",
  content,
  type: "text",
  sender: "bot",
  timestamp: null,
  createdAt: null,
  updatedAt: null,
  isRead: false,
  starred: false,
  votes: [],
  seenBy: [],
  replies: [],
  folded: false,
  ...extra,
});

const joined = (raw: string) =>
  placeParts(placeNames(raw))
    .map((p) => p.value)
    .join("");

describe("chats in Hebrew", () => {
  beforeAll(async () => {
    await i18n.changeLanguage("he");
  });
  afterAll(async () => {
    await i18n.changeLanguage("en");
  });

  it("names a missing sender and an asset without text in Hebrew, prices with the sign after", () => {
    expect(senderName(message("x"), "")).toBe("בוט");
    expect(preview(message("", { type: "asset" }))).toBe("נכס");
    expect(formatPrice(7500)).toMatch(/^\u200f?7,500\s\u200f?₪$/);
  });

  it("says a listing's facts in Hebrew, one room and ground floor in words", () => {
    expect(roomsText(1)).toBe("חדר אחד");
    expect(roomsText(3)).toBe("3 חדרים");
    expect(roomsText(2.5)).toBe("2.5 חדרים");
    expect(sizeText(1200)).toBe("1,200 מ״ר");
    expect(floorText(0)).toBe("קומת קרקע");
    expect(floorText(4)).toBe("קומה 4");
  });

  it("counts unread messages with Hebrew plurals", () => {
    expect(unreadLabel(1)).toBe("הודעה אחת שלא נקראה");
    expect(unreadLabel(2)).toBe("2 הודעות שלא נקראו");
    expect(unreadLabel(12)).toBe("12 הודעות שלא נקראו");
  });

  it("splits a bot's summary into its parts, the cut's '...' staying with the last", () => {
    const text = "נווה חן, תל אביב יפו · 3 rooms · ₪8,800";
    expect(summaryParts(text)).toEqual(["נווה חן, תל אביב יפו", "3 rooms", "₪8,800"]);
    const cut = preview(message(`${text} · Bright apartment near the market`));
    expect(summaryParts(cut).at(-1)).toBe("Bright a...");
  });

  it("lists places with the language's separator, never the data's ';'", () => {
    expect(placeNames("נווה גן;קרית שאול; ")).toEqual(["נווה גן", "קרית שאול"]);
    expect(joined("נווה גן;קרית שאול")).toBe("נווה גן, קרית שאול");
    expect(joined("פלורנטין")).toBe("פלורנטין");
    expect(joined("")).toBe("");
  });
});

describe("chats in English", () => {
  it("keeps the spec's texts", () => {
    expect(unreadLabel(2)).toBe("2 unread");
    expect(roomsText(3)).toBe("3 rooms");
    expect(sizeText(68)).toBe("68 m²");
    expect(floorText(0)).toBe("Ground floor");
    expect(floorText(2)).toBe("Floor 2");
    expect(joined("Neve Gan;Kiryat Shaul")).toBe("Neve Gan, Kiryat Shaul");
  });
});
