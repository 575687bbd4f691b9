import { isolate, joinPlaces, type Locale, shekels } from "@dirabot/platform";
import { flatGreeting } from "@dirabot/platform/contact";
import type { MatchJson, NotificationRow } from "../db.ts";

/**
 * The words of a match's push and Telegram message in each language, chosen per recipient when
 * the message is made. English is the product's texts as they always were (a match's stored
 * title and body); Hebrew is made from the match's figures, the user's data (a bot's name, a
 * place) isolated with FSI … PDI so it keeps its own direction inside the Hebrew line.
 */
export interface Words {
  callForPrice: string;
  rooms: (n: number) => string;
  size: (n: number) => string;
  price: (n: number) => string;
  open: string;
  /** The match's buttons on Telegram. */
  openButton: string;
  whatsApp: string;
  /** The phone line: Telegram's URL buttons cannot dial, the number in the text can be tapped. */
  phone: (p: string) => string;
  /** The WhatsApp message the button starts with, naming the flat. */
  greeting: (place: string, price: string) => string;
  digest: (count: number) => string;
  more: (count: number) => string;
  /** What a user data field reads as inside a sentence. */
  data: (s: string) => string;
  /** "2.1 km from Work": the straight line from one of the user's places. */
  from: (km: number, place: string) => string;
}

export const WORDS: Record<Locale, Words> = {
  en: {
    callForPrice: "Call for price",
    rooms: (n) => `${n} ${n === 1 ? "room" : "rooms"}`,
    size: (n) => `${n} m²`,
    price: (n) => shekels("en", n),
    open: "Open in Dirabot:",
    openButton: "Open in Dirabot",
    whatsApp: "WhatsApp",
    phone: (p) => `📞 ${p}`,
    greeting: (place, price) => flatGreeting("en", place, price),
    digest: (count) => `${count} new matches while you were away`,
    more: (count) => `… and ${count} more`,
    data: (s) => s,
    from: (km, place) => `${km.toFixed(1)} km from ${place}`,
  },
  he: {
    callForPrice: "המחיר לא צוין",
    rooms: (n) => (n === 1 ? "חדר אחד" : `${n} חדרים`),
    size: (n) => `${n} מ״ר`,
    price: (n) => shekels("he", n),
    open: "לפתיחה ב־Dirabot:",
    openButton: "פתיחה ב־Dirabot",
    whatsApp: "וואטסאפ",
    phone: (p) => `📞 ${isolate(p)}`,
    greeting: (place, price) => flatGreeting("he", place, price),
    digest: (count) => `${count} התאמות חדשות בזמן שעות השקט`,
    more: (count) => `… ועוד ${count}`,
    data: (s) => isolate(joinPlaces(s)),
    from: (km, place) => `${km.toFixed(1)} ק״מ מ${isolate(place)}`,
  },
};

/** A match's title: the stored English one, or in Hebrew from the bot's name or the drop. */
export function titleIn(locale: Locale, n: NotificationRow): string {
  const m = n.match;
  if (locale === "en" || !m) return n.title;
  if (m.drop) return `המחיר ירד: ${shekels("he", m.drop.from)} ← ${shekels("he", m.drop.to)}`;
  return m.botName !== undefined ? `התאמה חדשה: ${isolate(m.botName.trim() || "הבוט שלך")}` : n.title;
}

/** A match's body: the stored English line, or the place, rooms and price in Hebrew. */
export function bodyIn(locale: Locale, n: NotificationRow): string {
  const m = n.match;
  if (locale === "en" || !m) return n.body;
  const w = WORDS.he;
  const parts = [
    m.location ? w.data(m.location) : "",
    m.rooms !== undefined ? w.rooms(m.rooms) : "",
    m.price !== undefined ? w.price(m.price) : "",
  ].filter(Boolean);
  return parts.join(" · ") || "מודעה חדשה מתאימה לבוט שלך";
}

/** "₪6,500 · 3.5 rooms · 80 m²": the figures a match is judged by, in the reader's language. */
export function factsIn(locale: Locale, m: MatchJson | null): string {
  if (!m) return "";
  const w = WORDS[locale];
  return [
    m.price ? w.price(m.price) : w.callForPrice,
    m.rooms !== undefined ? w.rooms(m.rooms) : "",
    m.size ? w.size(m.size) : "",
  ]
    .filter(Boolean)
    .join(" · ");
}
