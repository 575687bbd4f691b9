import type { MatchJson, NotificationRow } from "../db.ts";
import { fit, type PushMessage, topicOf } from "../push/payload.ts";
import type { TelegramMessage } from "./deliveries.repo.ts";

const MAX_TELEGRAM = 4000; // under Telegram's 4096, room for "… and N more"
const MAX_CAPTION = 1024; // a photo's caption

/** "₪6,500 · 3.5 rooms · 80 m²": the figures a match is judged by. */
export function facts(m: MatchJson | null): string {
  if (!m) return "";
  return [
    m.price ? `₪${m.price.toLocaleString("en-US")}` : "Call for price",
    m.rooms !== undefined ? `${m.rooms} ${m.rooms === 1 ? "room" : "rooms"}` : "",
    m.size ? `${m.size} m²` : "",
  ]
    .filter(Boolean)
    .join(" · ");
}

/** One match on Telegram: the photo (when there is one) with the facts, the place and the links. */
export function matchTelegram(n: NotificationRow, publicUrl: string): TelegramMessage {
  const m = n.match;
  const lines = [
    n.title,
    facts(m),
    m?.location || n.body,
    m?.link ? m.link : "",
    `Open in Dirabot: ${publicUrl}${n.url}`,
  ].filter(Boolean);
  // Telegram fetches the picture itself: a path of this site needs the site's address.
  const photo = m?.image?.startsWith("/") ? `${publicUrl}${m.image}` : (m?.image ?? "");
  const text = lines.join("\n").slice(0, photo ? MAX_CAPTION : MAX_TELEGRAM);
  return { key: `match-${n.id}`, text, photo };
}

export const digestTitle = (count: number) => `${count} new matches while you were away`;

/** The quiet hours' matches, oldest first, as one Telegram message. */
export function digestTelegram(notes: NotificationRow[], publicUrl: string): TelegramMessage {
  const head = `${digestTitle(notes.length)}:`;
  const items = notes.map((n) =>
    [
      `• ${[facts(n.match), n.match?.location || n.body].filter(Boolean).join(" — ")}`,
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
  if (shown < notes.length) text += `\n\n… and ${notes.length - shown} more`;
  text += `\n\n${publicUrl}/notifications`;
  return { key: `digest-${notes[0]?.id}`, text, photo: "" };
}

/** The quiet hours' matches as one push: the count, the first few, the chat when all share one. */
export function digestPush(notes: NotificationRow[]): PushMessage {
  const first = notes[0] as NotificationRow;
  const chats = new Set(notes.map((n) => n.match?.chatId ?? ""));
  const onlyChat = chats.size === 1 ? [...chats][0] : "";
  const shown = notes.slice(0, 3).map((n) => n.body);
  if (notes.length > 3) shown.push(`… and ${notes.length - 3} more`);
  return {
    key: `digest-${first.id}`,
    payload: fit({
      title: digestTitle(notes.length),
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
