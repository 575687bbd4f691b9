import { create } from "@bufbuild/protobuf";
import { ChatMessageCreatedSchema } from "@dirabot/proto/events/v1/chat_pb.js";
import { describe, expect, it } from "vitest";
import type { MatchJson, NotificationRow } from "../db.ts";
import { priceDropNotification } from "../price-drop.ts";
import { pushOf } from "../push/payload.ts";
import { digestPush, digestTelegram, facts, matchTelegram } from "./texts.ts";

const match = (over: Partial<MatchJson> = {}): MatchJson => ({
  listingId: "l1",
  chatId: "c1",
  messageId: "m1",
  price: 6500,
  rooms: 3,
  area: "Florentin",
  location: "Vital 4, Florentin, Tel Aviv",
  size: 75,
  image: "/demo/1.png",
  link: "https://www.yad2.co.il/item/1",
  ...over,
});
const note = (id: string, over: Partial<NotificationRow> = {}): NotificationRow => ({
  id,
  user_id: "u1",
  title: "New match: Florentin",
  body: "Vital 4, Florentin, Tel Aviv · 3 rooms · ₪6,500",
  type: "property_match",
  is_read: false,
  url: "/chats/c1?message=m1",
  created_at: new Date(),
  match: match(),
  ...over,
});

describe("what a match says on a phone and on Telegram", () => {
  it("lists the facts a flat is judged by", () => {
    expect(facts(match())).toBe("₪6,500 · 3 rooms · 75 m²");
    expect(facts(match({ price: undefined, rooms: 1, size: undefined }))).toBe("Call for price · 1 room");
  });

  it("sends a match's photo by the site's address when it is a path of the site", () => {
    const t = matchTelegram(note("n1"), "https://dirabot.app");
    expect(t.photo).toBe("https://dirabot.app/demo/1.png");
    expect(t.text).toBe(
      [
        "New match: Florentin",
        "₪6,500 · 3 rooms · 75 m²",
        "Vital 4, Florentin, Tel Aviv",
        "https://www.yad2.co.il/item/1",
        "Open in Dirabot: https://dirabot.app/chats/c1?message=m1&story=l1",
      ].join("\n"),
    );
    // No phone: the story's button alone.
    expect(t.buttons).toEqual([
      { text: "Open in Dirabot", url: "https://dirabot.app/chats/c1?message=m1&story=l1" },
    ]);
  });

  it("offers the story and WhatsApp as buttons, the number in the text (Telegram's buttons cannot dial)", () => {
    const n = note("n1", { match: match({ phone: "050-1234567", street: "Vital" }) });
    const t = matchTelegram(n, "https://dirabot.app");
    expect(t.text.split("\n")).toContain("📞 050-1234567");
    expect(t.buttons?.map((b) => b.text)).toEqual(["Open in Dirabot", "WhatsApp"]);
    const wa = new URL(t.buttons?.[1]?.url ?? "");
    expect(`${wa.origin}${wa.pathname}`).toBe("https://wa.me/972501234567");
    expect(wa.searchParams.get("text")).toBe(
      "Hi, I saw your flat at Vital, Florentin for ₪6,500 on Dirabot. Is it still available?",
    );
    // A landline is called from the text; WhatsApp lives on mobiles.
    const landline = matchTelegram(
      note("n2", { match: match({ phone: "03-1234567" }) }),
      "https://dirabot.app",
    );
    expect(landline.text).toContain("📞 03-1234567");
    expect(landline.buttons?.map((b) => b.text)).toEqual(["Open in Dirabot"]);
  });

  it("opens a match's push on the flat's story over its chat", () => {
    expect(pushOf(note("n1")).payload.url).toBe("/chats/c1?message=m1&story=l1");
    expect(pushOf(note("n2", { type: "system", match: null, url: "/profile" })).payload.url).toBe("/profile");
  });

  it("keeps a digest under Telegram's limit, saying how many more there were", () => {
    const many = Array.from({ length: 80 }, (_, i) =>
      note(`n${i}`, { match: match({ link: `https://www.yad2.co.il/item/${"x".repeat(60)}${i}` }) }),
    );
    const t = digestTelegram(many, "https://dirabot.app");
    expect(t.text.length).toBeLessThanOrEqual(4096);
    expect(t.text).toMatch(/^80 new matches while you were away:/);
    expect(t.text).toMatch(/… and \d+ more\n\nhttps:\/\/dirabot\.app\/notifications$/);
    const push = digestPush(many);
    expect(push.payload.title).toBe("80 new matches while you were away");
    expect(push.payload.body.split("\n")).toHaveLength(4); // three and "… and 77 more"
    expect(push.payload.url).toBe("/chats/c1"); // all in one bot's chat
  });

  it("fits a push's JSON in what push services carry, shortening the body", () => {
    const p = pushOf(note("n1", { type: "system", match: null, body: "ב".repeat(5000) }));
    expect(Buffer.byteLength(JSON.stringify(p.payload))).toBeLessThanOrEqual(3000);
    expect(p.payload.body.endsWith("…")).toBe(true);
    expect(p).toMatchObject({ urgency: "normal", ttlSeconds: 86_400, topic: "n1" });
  });
});

describe("what a match says to a Hebrew reader", () => {
  const FSI = "\u2068";
  const PDI = "\u2069";
  const price = (n: string) => `\u200f${n}\u00a0\u200f₪`;

  it("writes the bot's name and the place isolated, the figures in Hebrew", () => {
    const n = note("n1", { match: match({ botName: "פלורנטין 3 חדרים", rooms: 1, size: 40 }) });
    const t = matchTelegram(n, "https://dirabot.app", "he");
    expect(t.text.split("\n")).toEqual([
      `התאמה חדשה: ${FSI}פלורנטין 3 חדרים${PDI}`,
      `${price("6,500")} · חדר אחד · 40 מ״ר`,
      `${FSI}Vital 4, Florentin, Tel Aviv${PDI}`,
      "https://www.yad2.co.il/item/1",
      "לפתיחה ב־Dirabot: https://dirabot.app/chats/c1?message=m1&story=l1",
    ]);
    const withPhone = matchTelegram(
      note("n3", { match: match({ phone: "0501234567" }) }),
      "https://dirabot.app",
      "he",
    );
    expect(withPhone.text).toContain(`📞 ${FSI}0501234567${PDI}`);
    expect(withPhone.buttons?.map((b) => b.text)).toEqual(["פתיחה ב־Dirabot", "וואטסאפ"]);
    expect(new URL(withPhone.buttons?.[1]?.url ?? "").searchParams.get("text")).toBe(
      `שלום, ראיתי ב־Dirabot את הדירה שלך (Florentin, ${price("6,500")}). היא עדיין פנויה?`,
    );
    expect(pushOf(n, "he").payload).toMatchObject({
      title: `התאמה חדשה: ${FSI}פלורנטין 3 חדרים${PDI}`,
      body: `${FSI}Vital 4, Florentin, Tel Aviv${PDI} · חדר אחד · ${price("6,500")}`,
    });
    // English stays the stored texts, word for word.
    expect(pushOf(n, "en").payload).toMatchObject({ title: n.title, body: n.body });
  });

  it("titles a price drop with both prices, and joins several places with a comma", () => {
    const n = note("n2", {
      title: "Price dropped: ₪7,500 → ₪6,900",
      match: match({ drop: { from: 7500, to: 6900 }, location: "נווה גן;קרית שאול", price: 6900 }),
    });
    expect(pushOf(n, "he").payload.title).toBe(`המחיר ירד: ${price("7,500")} ← ${price("6,900")}`);
    expect(pushOf(n, "he").payload.body).toBe(`${FSI}נווה גן, קרית שאול${PDI} · 3 חדרים · ${price("6,900")}`);
  });

  it("reads a Hebrew note's prices for the drop", () => {
    const n = priceDropNotification(
      create(ChatMessageCreatedSchema, {
        userId: "u1",
        message: {
          id: "m1",
          chatId: "c1",
          type: "price_drop",
          content: "המחיר ירד: \u200f7,500\u00a0\u200f₪ ← \u200f6,900\u00a0\u200f₪",
        },
      }),
    );
    expect(n?.match?.drop).toEqual({ from: 7500, to: 6900 });
  });

  it("counts a digest in Hebrew", () => {
    const many = Array.from({ length: 5 }, (_, i) => note(`n${i}`, { match: match({ botName: "x" }) }));
    expect(digestTelegram(many, "https://dirabot.app", "he").text).toMatch(/^5 התאמות חדשות בזמן שעות השקט:/);
    const push = digestPush(many, "he");
    expect(push.payload.title).toBe("5 התאמות חדשות בזמן שעות השקט");
    expect(push.payload.body.split("\n").at(-1)).toBe("… ועוד 2");
  });
});

describe("how far a match is from the user's places", () => {
  const FSI = "\u2068";
  const PDI = "\u2069";
  // Kilometres per degree of longitude at this latitude: points due east of Work.
  const WORK = { name: "Work", lat: 32.0853, lon: 34.7818 };
  const east = (km: number) =>
    WORK.lon + km / (((6371.0088 * Math.PI) / 180) * Math.cos((WORK.lat * Math.PI) / 180));
  const at = note("n1", { match: match({ lat: WORK.lat, lon: east(2.1) }) });
  const parents = { name: "הורים", lat: WORK.lat, lon: east(6.4) };

  it('says "2.1 km from Work" after the place, one line for every place', () => {
    const lines = matchTelegram(at, "https://dirabot.app", "en", [WORK, parents]).text.split("\n");
    expect(lines[3]).toBe("📍 2.1 km from Work · 4.3 km from הורים");
  });

  it("in Hebrew, the place's name isolated", () => {
    const lines = matchTelegram(at, "https://dirabot.app", "he", [WORK]).text.split("\n");
    expect(lines[3]).toBe(`📍 2.1 ק״מ מ${FSI}Work${PDI}`);
  });

  it("says nothing without places or without the flat's point", () => {
    expect(matchTelegram(at, "https://dirabot.app", "en", []).text).not.toContain("📍");
    expect(matchTelegram(note("n2"), "https://dirabot.app", "en", [WORK]).text).not.toContain("📍");
  });
});
