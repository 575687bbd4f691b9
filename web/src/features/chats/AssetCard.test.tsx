import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../../i18n/index.ts";
import { AssetCard } from "./AssetCard.tsx";
import { StoryOpener } from "./storyContext.ts";
import type { Asset } from "./types.ts";

// The chat's listing card as a door to the flat: who advertises it, when it was posted
// and found, its entry date, and the call and WhatsApp links, in English and in Hebrew.

const now = new Date("2026-03-10T12:00:00Z");
const asset: Asset = {
  _id: "a1",
  images: [],
  description: "",
  location: "ויטל 17, פלורנטין, תל אביב יפו",
  neighborhoodCode: 205,
  neighborhood: "פלורנטין",
  city: "תל אביב יפו",
  rooms: 3,
  size: 74,
  floorNumber: 2,
  price: 6500,
  phoneNumber: "050-1234567",
  link: "https://www.yad2.co.il/item/abc",
  googleMapsUrl: null,
  merchant: true,
  agency: "Remax Florentin",
  street: "ויטל",
  src: "yad2",
  coordinates: null,
  createdAt: "2026-03-10T11:59:00Z",
  postedAt: "2026-03-10T11:57:00Z",
  entryDate: "immediate",
  canonicalId: "a1",
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
};

const render = (a: Asset = asset) =>
  renderToStaticMarkup(
    <StoryOpener.Provider value={() => {}}>
      <AssetCard asset={a} now={now} />
    </StoryOpener.Provider>,
  );
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&");
const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]+)"/g)].map((m) => (m[1] ?? "").replaceAll("&amp;", "&"));

describe("the chat's listing card in English", () => {
  it("says who advertises it, when it was posted and found, and when it is free", () => {
    const shown = text(render());
    expect(shown).toContain("Broker · Remax Florentin");
    expect(shown).toContain("Posted 3 minutes ago · Found by Dirabot 1 minute ago");
    expect(shown).toContain("Immediate entry");
    expect(text(render({ ...asset, merchant: false, entryDate: "2026-08-01" }))).toContain(
      "PrivateEntry 1 Aug 2026",
    );
    expect(text(render({ ...asset, merchant: null, postedAt: null }))).not.toMatch(/Private|Broker|Posted/);
  });

  it("offers a labelled call and WhatsApp button with a greeting naming the flat, not the raw number", () => {
    const html = render();
    const links = hrefs(html);
    expect(links).toContain("tel:+972501234567");
    const wa = links.find((h) => h.startsWith("https://wa.me/972501234567?text="));
    expect(decodeURIComponent(wa?.split("?text=")[1] ?? "")).toBe(
      "Hi, I saw your flat at ויטל, פלורנטין for ₪6,500 on Dirabot. Is it still available?",
    );
    expect(html).toContain('aria-label="Call 050-1234567"');
    expect(html).toContain('aria-label="Message 050-1234567 on WhatsApp"');
    expect(text(html)).toContain("Contact:CallWhatsApp");
    expect(text(html)).not.toContain("050-1234567");
  });

  it("is a button to the flat's story", () => {
    expect(render()).toMatch(
      /<button type="button"[^>]*aria-label="Open the flat&#x27;s story: ויטל 17, פלורנטין, תל אביב יפו"/,
    );
  });

  it("calls a landline without WhatsApp, and shows a phone that is not a number as written", () => {
    const landline = hrefs(render({ ...asset, phoneNumber: "03-1234567" }));
    expect(landline).toContain("tel:+97231234567");
    expect(landline.some((h) => h.includes("wa.me"))).toBe(false);
    const junk = render({ ...asset, phoneNumber: "ask for Dana" });
    expect(hrefs(junk).filter((h) => h.startsWith("tel:") || h.includes("wa.me"))).toEqual([]);
    expect(text(junk)).toContain("Contact: ask for Dana");
  });
});

describe("the chat's listing card in Hebrew", () => {
  beforeAll(async () => {
    await i18n.changeLanguage("he");
  });
  afterAll(async () => {
    await i18n.changeLanguage("en");
  });

  it("says it all in Hebrew", () => {
    const html = render();
    const shown = text(html);
    expect(shown).toContain("תיווך · Remax Florentin");
    expect(shown).toContain("פורסמה לפני 3 דקות · נמצאה ב־Dirabot לפני דקה");
    expect(shown).toContain("כניסה מיידית");
    expect(shown).toContain("טלפון:חיוגוואטסאפ");
    expect(text(render({ ...asset, merchant: false }))).toContain("פרטי");
    expect(html).toContain('aria-label="חיוג אל 050-1234567"');
    const wa = hrefs(html).find((h) => h.startsWith("https://wa.me/972501234567?text="));
    expect(decodeURIComponent(wa?.split("?text=")[1] ?? "")).toMatch(
      /^שלום, ראיתי ב־Dirabot את הדירה שלך \(ויטל, פלורנטין, \u200f?6,500\s\u200f?₪\)\. היא עדיין פנויה\?$/,
    );
  });

  it("words the warnings in Hebrew, though they come over the socket as they were stored", () => {
    const warned = render({
      ...asset,
      warnings: [
        { code: "money_before_viewing", message: "Asks for money before you have seen the flat" },
        {
          code: "price_far_below_area",
          message: "Price is 64% below the median for 3 rooms in פלורנטין (₪15,783)",
        },
      ],
    });
    expect(text(warned)).toContain("מבקשים כסף לפני שראיתם את הדירה; המחיר נמוך ב־64% מהחציון לדירת 3 חדרים");
    expect(text(warned)).not.toContain("Price is");
  });
});
