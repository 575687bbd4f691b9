import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../../../i18n/index.ts";
import type { AssetSource } from "../types.ts";
import {
  alsoOnText,
  daysSince,
  floorText,
  listedText,
  marketDays,
  marketState,
  medianText,
  ownSourceIndex,
  phoneText,
  placeText,
  priceChangeText,
  sellerText,
  shekels,
  shortDate,
  sourceLabel,
  sourcesInOrder,
  stateText,
} from "./texts.ts";

// Noon UTC, so the day is the same in every time zone the tests may run in.
const now = Date.parse("2025-11-15T12:00:00Z");
const yad2: AssetSource = {
  source: "yad2",
  url: "https://www.yad2.co.il/item/abc",
  group: null,
  firstSeenAt: "2025-11-03T12:00:00.000Z",
  lastSeenAt: "2025-11-15T10:00:00.000Z",
  removedAt: null,
};
const facebook: AssetSource = {
  source: "facebook",
  url: "https://www.facebook.com/groups/1/posts/2",
  group: "רק בתל אביב",
  firstSeenAt: "2025-11-05T12:00:00.000Z",
  lastSeenAt: "2025-11-14T10:00:00.000Z",
  removedAt: null,
};

describe("the flat's facts", () => {
  it("writes shekels with a thousands separator", () => {
    expect(shekels(5500)).toBe("₪5,500");
    expect(shekels(12000)).toBe("₪12,000");
  });

  it("shows floor 0 as Ground", () => {
    expect(floorText(0)).toBe("Ground");
    expect(floorText(3)).toBe("3");
  });

  it("names the seller Private or Merchant", () => {
    expect(sellerText(false)).toBe("Private");
    expect(sellerText(true)).toBe("Merchant");
    expect(sellerText(null)).toBeNull();
  });
});

describe("days on market", () => {
  it("dates as day and month, with the year when it is not this one", () => {
    expect(shortDate("2025-11-03T12:00:00Z", now)).toBe("3 Nov");
    expect(shortDate("2024-06-20T12:00:00Z", now)).toBe("20 Jun 2024");
    expect(shortDate(null, now)).toBe("");
    expect(shortDate("nonsense", now)).toBe("");
  });

  it("counts whole days and never below zero", () => {
    expect(daysSince("2025-11-03T12:00:00Z", now)).toBe(12);
    expect(daysSince("2025-11-15T11:00:00Z", now)).toBe(0);
    expect(daysSince("2025-11-16T12:00:00Z", now)).toBe(0);
  });

  it("says when it was listed and first seen", () => {
    expect(listedText("2025-11-03T12:00:00Z", now)).toBe("Listed 12 days ago · first seen 3 Nov");
    expect(listedText("2025-11-14T12:00:00Z", now)).toBe("Listed yesterday · first seen 14 Nov");
    expect(listedText("2025-11-15T08:00:00Z", now)).toBe("Listed today · first seen 15 Nov");
  });

  it("is still live while any source shows it", () => {
    expect(marketState([{ ...yad2, removedAt: "2025-11-10T12:00:00Z" }, facebook])).toEqual({ live: true });
    expect(stateText({ live: true }, now)).toBe("Still live");
  });

  it("is removed on the day the last source dropped it", () => {
    const state = marketState([
      { ...yad2, removedAt: "2025-11-12T12:00:00.000Z" },
      { ...facebook, removedAt: "2025-11-10T12:00:00.000Z" },
    ]);
    expect(state).toEqual({ live: false, removedAt: "2025-11-12T12:00:00.000Z" });
    expect(stateText(state as NonNullable<typeof state>, now)).toBe("Removed 12 Nov");
    expect(marketState([])).toBeNull();
  });

  it("counts days on market to now while live, to the removal once removed", () => {
    expect(marketDays("2025-11-03T12:00:00Z", { live: true }, now)).toBe(12);
    expect(marketDays("2025-11-03T12:00:00Z", null, now)).toBe(12);
    expect(marketDays("2025-11-03T12:00:00Z", { live: false, removedAt: "2025-11-08T12:00:00Z" }, now)).toBe(
      5,
    );
  });
});

describe("where it appeared", () => {
  it("names Yad2 and each Facebook group", () => {
    expect(sourceLabel(yad2)).toBe("Yad2");
    expect(sourceLabel(facebook)).toBe("Facebook · רק בתל אביב");
    expect(sourceLabel({ source: "facebook", group: null })).toBe("Facebook");
    expect(sourceLabel({ source: "facebook", group: "  " })).toBe("Facebook");
  });

  it("finds the listing shown by its link, else by its source", () => {
    const sources = [facebook, yad2];
    expect(ownSourceIndex({ link: yad2.url, src: "yad2", sources })).toBe(1);
    expect(ownSourceIndex({ link: null, src: "facebook", sources })).toBe(0);
    expect(ownSourceIndex({ link: null, src: "demo", sources })).toBe(-1);
  });

  it("says 'also on' the other live sources, each once", () => {
    expect(alsoOnText({ link: yad2.url, src: "yad2", sources: [yad2, facebook] })).toBe(
      "Also on Facebook · רק בתל אביב",
    );
    expect(alsoOnText({ link: facebook.url, src: "facebook", sources: [yad2, facebook] })).toBe(
      "Also on Yad2",
    );
    const second = { ...facebook, url: "https://www.facebook.com/groups/3/posts/4", group: "דירות להשכרה" };
    const repost = { ...facebook, url: "https://www.facebook.com/groups/1/posts/9" };
    expect(alsoOnText({ link: yad2.url, src: "yad2", sources: [yad2, facebook, second, repost] })).toBe(
      "Also on Facebook · רק בתל אביב, Facebook · דירות להשכרה",
    );
  });

  it("says nothing for a flat on one source, or when the others removed it", () => {
    expect(alsoOnText({ link: yad2.url, src: "yad2", sources: [yad2] })).toBeNull();
    const gone = { ...facebook, removedAt: "2025-11-10T12:00:00Z" };
    expect(alsoOnText({ link: yad2.url, src: "yad2", sources: [yad2, gone] })).toBeNull();
    // A repost on the same source is the same place, not "also on".
    const repost = { ...yad2, url: "https://www.yad2.co.il/item/def" };
    expect(alsoOnText({ link: yad2.url, src: "yad2", sources: [yad2, repost] })).toBeNull();
  });

  it("lists the oldest sighting first", () => {
    expect(sourcesInOrder([facebook, yad2]).map((s) => s.source)).toEqual(["yad2", "facebook"]);
  });
});

describe("price", () => {
  const at = (day: number) => Date.parse(`2025-11-${String(day).padStart(2, "0")}T12:00:00Z`);

  it("says the change from the first price to the current one", () => {
    expect(
      priceChangeText([
        { price: 6000, at: at(3) },
        { price: 5500, at: at(8) },
      ]),
    ).toBe("↓ ₪500 since first seen");
    expect(
      priceChangeText([
        { price: 5000, at: at(3) },
        { price: 4800, at: at(5) },
        { price: 6200, at: at(8) },
      ]),
    ).toBe("↑ ₪1,200 since first seen");
    expect(
      priceChangeText([
        { price: 5000, at: at(3) },
        { price: 4800, at: at(5) },
        { price: 5000, at: at(8) },
      ]),
    ).toBe("Unchanged since first seen");
  });

  it("says nothing with one price or none", () => {
    expect(priceChangeText([{ price: 5000, at: at(3) }])).toBeNull();
    expect(priceChangeText([])).toBeNull();
  });

  it("names the area's median per room", () => {
    expect(medianText({ ratio: 1, areaMedianPerRoom: 2450.4 })).toBe("Area median ₪2,450 per room");
  });
});

describe("address and phone", () => {
  it("adds the neighbourhood and city only where the address does not say them", () => {
    expect(placeText("ויטל 17, פלורנטין, תל אביב יפו", "פלורנטין", "תל אביב יפו")).toBe("");
    expect(placeText("ויטל 17", "פלורנטין", "תל אביב יפו")).toBe("פלורנטין · תל אביב יפו");
    expect(placeText("ויטל 17, תל אביב יפו", "פלורנטין", "תל אביב יפו")).toBe("פלורנטין");
    expect(placeText("ויטל 17", null, " ")).toBe("");
  });

  it("writes Israeli numbers with their dash", () => {
    expect(phoneText("0547330253")).toBe("054-7330253");
    expect(phoneText("054-733-0253")).toBe("054-7330253");
    expect(phoneText("035551234")).toBe("03-5551234");
    expect(phoneText("0771234567")).toBe("077-1234567");
    expect(phoneText("+972 54 733 0253")).toBe("+972 54 733 0253");
  });
});

describe("in Hebrew", () => {
  beforeAll(() => i18n.changeLanguage("he"));
  afterAll(() => i18n.changeLanguage("en"));

  it("writes dates and days ago the Hebrew way", () => {
    expect(shortDate("2025-11-03T12:00:00Z", now)).toBe("3 בנוב׳");
    expect(shortDate("2024-06-20T12:00:00Z", now)).toBe("20 ביוני 2024");
    expect(listedText("2025-11-03T12:00:00Z", now)).toBe("פורסמה לפני 12 ימים · נראתה לראשונה ב־3 בנוב׳");
    expect(listedText("2025-11-13T12:00:00Z", now)).toBe("פורסמה שלשום · נראתה לראשונה ב־13 בנוב׳");
    expect(listedText("2025-11-15T08:00:00Z", now)).toBe("פורסמה היום · נראתה לראשונה ב־15 בנוב׳");
  });

  it("says whether the flat is still live, and where else it is", () => {
    expect(stateText({ live: true }, now)).toBe("עדיין באוויר");
    expect(stateText({ live: false, removedAt: "2025-11-12T12:00:00Z" }, now)).toBe("הוסרה ב־12 בנוב׳");
    expect(sourceLabel(facebook)).toBe("פייסבוק · רק בתל אביב");
    expect(alsoOnText({ link: yad2.url, src: "yad2", sources: [yad2, facebook] })).toBe(
      "מופיעה גם ב־פייסבוק · רק בתל אביב",
    );
  });

  it("writes the price's change and the median with the shekel after the number", () => {
    expect(
      priceChangeText([
        { price: 6000, at: 1 },
        { price: 5500, at: 2 },
      ]),
    ).toBe("↓ \u200f500\u00a0\u200f₪ מאז שנראתה לראשונה");
    expect(
      priceChangeText([
        { price: 6000, at: 1 },
        { price: 6000, at: 2 },
      ]),
    ).toBe("ללא שינוי מאז שנראתה לראשונה");
    expect(medianText({ areaMedianPerRoom: 2450, ratio: 0.9 })).toBe(
      "החציון באזור \u200f2,450\u00a0\u200f₪ לחדר",
    );
    expect(floorText(0)).toBe("קרקע");
  });

  it("joins a field of several places with the language's separator, never ';'", () => {
    expect(placeText("ויטל 17", "נווה גן;קרית שאול", "תל אביב יפו")).toBe("נווה גן, קרית שאול · תל אביב יפו");
  });
});
