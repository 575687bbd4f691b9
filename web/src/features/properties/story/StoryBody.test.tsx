import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../../../i18n/index.ts";
import type { AssetStory } from "../types.ts";
import { StoryBody } from "./StoryBody.tsx";

// A flat's story as a Hebrew reader gets it: the sections, the price history's dates and the
// days on market in Hebrew, and each source a Facebook group's Hebrew name shows next to isolated.

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

const story: AssetStory = {
  _id: "s1",
  images: [],
  description: "דירה מקסימה\nקרובה לים",
  location: "ויטל 17",
  neighborhoodCode: 205,
  neighborhood: "פלורנטין;נווה צדק",
  city: "תל אביב יפו",
  rooms: 3,
  size: 74,
  floorNumber: 2,
  price: 6000,
  phoneNumber: "0547330253",
  link: "https://www.yad2.co.il/item/abc",
  googleMapsUrl: null,
  merchant: true,
  src: "yad2",
  coordinates: null,
  createdAt: ago(12),
  postedAt: null,
  entryDate: null,
  canonicalId: "s1",
  warnings: [],
  facts: {
    safeRoom: null,
    parking: null,
    elevator: null,
    balcony: null,
    furnished: null,
    pets: null,
    airConditioning: null,
    accessible: null,
  },
  term: "long",
  priceSignal: { areaMedianPerRoom: 2500, ratio: 0.8 },
  firstSeenAt: ago(12),
  sources: [
    {
      source: "yad2",
      url: "https://www.yad2.co.il/item/abc",
      group: null,
      firstSeenAt: ago(12),
      lastSeenAt: ago(0),
      removedAt: null,
    },
    {
      source: "facebook",
      url: "https://www.facebook.com/groups/1/posts/2",
      group: "Tel Aviv rentals",
      firstSeenAt: ago(10),
      lastSeenAt: ago(1),
      removedAt: null,
    },
  ],
  priceHistory: [
    { price: 6500, at: ago(12) },
    { price: 6000, at: ago(3) },
  ],
  factChanges: [],
};

const render = () => renderToStaticMarkup(<StoryBody story={story} titleId="t" />);
const text = (html: string) => html.replace(/<[^>]+>/g, "").replaceAll("&#x27;", "'");

describe("StoryBody in Hebrew", () => {
  beforeAll(() => i18n.changeLanguage("he"));
  afterAll(() => i18n.changeLanguage("en"));

  it("names every section and fact in Hebrew", () => {
    const words = text(render());
    for (const heading of ["בשוק", "היסטוריית מחירים", "המחיר מול האזור", "איפה הדירה פורסמה", "תיאור"])
      expect(words).toContain(heading);
    expect(words).toContain("חדרים3");
    expect(words).toContain("גודל74 מ״ר");
    expect(words).toContain("קומה2");
    expect(words).toContain("מפרסםתיווך");
    expect(words).toContain("12ימים בשוק");
    expect(words).toContain("פורסמה לפני 12 ימים · נראתה לראשונה ב־");
    expect(words).toContain("עדיין באוויר");
    expect(words).toContain("↓ \u200f500\u00a0\u200f₪ מאז שנראתה לראשונה");
    expect(words).toContain("20% מתחת לחציון באזור");
    expect(words).not.toMatch(/Price history|days on market|Listed|first seen|Still live/);
  });

  it("writes the price history's dates with Hebrew month names", () => {
    const html = render();
    expect(html).toMatch(/<caption>היסטוריית מחירים<\/caption>/);
    expect(html).toMatch(/<td>\d{1,2} ב[א-ת]+׳?( \d{4})?<\/td>/);
    expect(html).toMatch(/aria-label="\u200f6,500\u00a0\u200f₪, נראתה לראשונה ב־\d{1,2} ב[א-ת]+/);
  });

  it("isolates each source's name in the 'also on' line and the list", () => {
    const html = render();
    expect(html).toContain("מופיעה גם ב־<bdi>פייסבוק · Tel Aviv rentals</bdi>");
    expect(html).toContain("<bdi>פייסבוק</bdi> · <bdi>Tel Aviv rentals</bdi>");
  });

  it("joins the neighbourhoods of a multi-valued place, never with ';'", () => {
    const html = render();
    expect(html).toContain("<bdi>פלורנטין, נווה צדק · תל אביב יפו</bdi>");
    expect(text(html)).not.toContain(";");
  });
});

describe("what the ad said and then changed", () => {
  const changed: AssetStory = {
    ...story,
    facts: { ...story.facts, safeRoom: false, parking: true },
    factChanges: [
      { fact: "safeRoom", from: true, to: false, at: ago(2) },
      { fact: "parking", from: false, to: true, at: ago(1) },
    ],
  };
  const lines = () =>
    [
      ...renderToStaticMarkup(<StoryBody story={changed} titleId="t" />).matchAll(
        /data-testid="story-fact-change"[^>]*>(.*?)<\/li>/g,
      ),
    ].map((m) =>
      text(m[1] ?? "")
        .replace(/\d{1,2} \S+( \d{4})?$/, "")
        .trim(),
    );

  it("says it in English", () => {
    expect(lines()).toEqual(["Safe room: said yes, now says no", "Parking: said no, now says yes"]);
    expect(text(renderToStaticMarkup(<StoryBody story={story} titleId="t" />))).not.toContain("now says");
  });

  it("says it in Hebrew", async () => {
    await i18n.changeLanguage("he");
    try {
      expect(lines()).toEqual(["ממ״ד: קודם נכתב כן, עכשיו כתוב לא", "חניה: קודם נכתב לא, עכשיו כתוב כן"]);
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
