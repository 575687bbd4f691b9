import { haversineKm, roundKm } from "@dirabot/geography/distance";
import type { Locale } from "@dirabot/platform";
import { whatsAppHref } from "@dirabot/platform/contact";
import type { LinkButton, MatchJson, NotificationRow } from "../db.ts";
import { storyUrl } from "../match-summary.ts";
import { fit, type PushMessage, topicOf } from "../push/payload.ts";
import type { TelegramMessage } from "./deliveries.repo.ts";
import type { SavedPlace } from "./user-settings.ts";
import { bodyIn, factsIn, titleIn, WORDS } from "./words.ts";

const MAX_TELEGRAM = 4000; // under Telegram's 4096, room for "… and N more"
const MAX_CAPTION = 1024; // a photo's caption

/** "₪6,500 · 3.5 rooms · 80 m²": the figures a match is judged by. */
export const facts = (m: MatchJson | null, locale: Locale = "en"): string => factsIn(locale, m);

/**
 * One match on Telegram: the photo (when there is one) with the facts, the place, the phone and
 * the links, and the buttons "Open in Dirabot" (the flat's story) and WhatsApp (a greeting naming
 * the flat, where the phone is a mobile). Telegram's URL buttons cannot dial (http(s) and tg:
 * only): the number is in the text, where Telegram lets it be tapped.
 */
export function matchTelegram(
  n: NotificationRow,
  publicUrl: string,
  locale: Locale = "en",
  places: SavedPlace[] = [],
): TelegramMessage {
  const m = n.match;
  const w = WORDS[locale];
  const story = `${publicUrl}${storyUrl(n.url, m?.listingId)}`;
  const lines = [
    titleIn(locale, n),
    facts(m, locale),
    m?.location ? w.data(m.location) : bodyIn(locale, n),
    distancesLine(m, places, locale),
    m?.phone ? w.phone(m.phone) : "",
    m?.link ? m.link : "",
    `${w.open} ${story}`,
  ].filter(Boolean);
  // Telegram fetches the picture itself: a path of this site needs the site's address.
  const photo = m?.image?.startsWith("/") ? `${publicUrl}${m.image}` : (m?.image ?? "");
  const text = lines.join("\n").slice(0, photo ? MAX_CAPTION : MAX_TELEGRAM);
  const buttons: LinkButton[] = [{ text: w.openButton, url: story }];
  const whatsApp = m ? whatsAppHref(m.phone, greetingOf(m, locale)) : null;
  if (whatsApp) buttons.push({ text: w.whatsApp, url: whatsApp });
  return { key: `match-${n.id}`, text, photo, buttons };
}

/** "📍 2.1 km from Work · 4.3 km from School", straight lines; empty without a point or places. */
export function distancesLine(m: MatchJson | null, places: SavedPlace[], locale: Locale): string {
  if (m?.lat === undefined || m.lon === undefined || !places.length) return "";
  const w = WORDS[locale];
  const { lat, lon } = m;
  return `📍 ${places.map((p) => w.from(roundKm(haversineKm(p.lat, p.lon, lat, lon)), p.name)).join(" · ")}`;
}

/** The flat as the greeting names it: street and area (else the area), and the price. */
function greetingOf(m: MatchJson, locale: Locale): string {
  const w = WORDS[locale];
  const place = [m.street, m.area].filter(Boolean).join(", ");
  return w.greeting(place, m.price ? w.price(m.price) : "");
}

export const digestTitle = (count: number, locale: Locale = "en") => WORDS[locale].digest(count);

/** The quiet hours' matches, oldest first, as one Telegram message. */
export function digestTelegram(
  notes: NotificationRow[],
  publicUrl: string,
  locale: Locale = "en",
): TelegramMessage {
  const w = WORDS[locale];
  const head = `${digestTitle(notes.length, locale)}:`;
  const items = notes.map((n) =>
    [
      `• ${[facts(n.match, locale), n.match?.location ? w.data(n.match.location) : bodyIn(locale, n)].filter(Boolean).join(" — ")}`,
      n.match?.link || `${publicUrl}${n.url}`,
    ]
      .filter(Boolean)
      .join("\n"),
  );
  let text = head;
  let shown = 0;
  for (const item of items) {
    const rest = notes.length - shown - 1;
    if (text.length + item.length + 2 + (rest > 0 ? 20 : 0) > MAX_TELEGRAM) break;
    text += `\n\n${item}`;
    shown++;
  }
  if (shown < notes.length) text += `\n\n${w.more(notes.length - shown)}`;
  text += `\n\n${publicUrl}/notifications`;
  return { key: `digest-${notes[0]?.id}`, text, photo: "" };
}

/** The quiet hours' matches as one push: the count, the first few, the chat when all share one. */
export function digestPush(notes: NotificationRow[], locale: Locale = "en"): PushMessage {
  const first = notes[0] as NotificationRow;
  const chats = new Set(notes.map((n) => n.match?.chatId ?? ""));
  const onlyChat = chats.size === 1 ? [...chats][0] : "";
  const shown = notes.slice(0, 3).map((n) => bodyIn(locale, n));
  if (notes.length > 3) shown.push(WORDS[locale].more(notes.length - 3));
  return {
    key: `digest-${first.id}`,
    payload: fit({
      title: digestTitle(notes.length, locale),
      body: shown.join("\n"),
      url: onlyChat ? `/chats/${encodeURIComponent(onlyChat)}` : "/notifications",
      tag: `digest-${first.id}`,
      type: "property_match",
    }),
    urgency: "normal",
    topic: topicOf(`d${first.id}`),
    ttlSeconds: 12 * 3600,
  };
}
