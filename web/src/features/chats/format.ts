import { formatNumber, formatPrice as priceIn } from "../../i18n/format.ts";
import { currentLang, i18n, intlLocaleOf } from "../../i18n/index.ts";
import type { Message } from "./types.ts";

// Texts derived from messages, in the reader's language.

export const PREVIEW_LENGTH = 50;

/** The chat list's preview: the message cut at 50 characters plus '...'. */
export function preview(message: Message | null | undefined): string {
  if (!message) return "";
  const fallback = message.type === "asset" ? message.asset?.location || i18n.t("chats:asset.property") : "";
  const text = (message.content || fallback).replace(/\s+/g, " ").trim();
  const chars = Array.from(text);
  return chars.length > PREVIEW_LENGTH ? `${chars.slice(0, PREVIEW_LENGTH).join("")}...` : text;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** HH:mm in the viewer's time zone; "" for a missing or broken time. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Who wrote a message: the bot's name, or the person's name (their email when they have none). */
export function senderName(message: Message, botName: string): string {
  if (message.sender === "bot") return botName || i18n.t("chats:message.bot");
  const name = `${message.sender.firstname ?? ""} ${message.sender.lastname ?? ""}`.trim();
  return name || message.sender.email || i18n.t("chats:message.user");
}

export const isAdminSender = (message: Message): boolean =>
  message.sender !== "bot" && Boolean(message.sender.roles?.includes("admin"));

export const isOwn = (message: Message, userId: string | undefined): boolean =>
  Boolean(userId) && message.sender !== "bot" && message.sender._id === userId;

/** A price in shekels where the reader's language puts the sign: '₪7,500' / '7,500 ₪'. */
export const formatPrice = (value: number): string => priceIn(value);

export { placeNames } from "../../lib/places.ts";

/** Places joined as the reader's language joins a list ("A, B"), each one a part of its own. */
export function placeParts(names: readonly string[]): Array<{ type: "element" | "literal"; value: string }> {
  return new Intl.ListFormat(intlLocaleOf(currentLang()), { type: "unit", style: "short" }).formatToParts(
    names,
  );
}

/** The " · " between the parts of a summary ("ויטל 4, פלורנטין · 3 rooms · ₪6,000"). */
export const SUMMARY_SEPARATOR = " · ";

/** A summary's parts, each to be laid out in its own direction (an isolate apiece). */
export const summaryParts = (text: string): string[] =>
  text.split(SUMMARY_SEPARATOR).filter((part) => part.length > 0);

/** A listing's facts as its card's chips say them: "3 rooms" / "3 חדרים", "68 m²" / "68 מ״ר". */
export const roomsText = (rooms: number) =>
  i18n.t("chats:asset.rooms", { count: rooms, rooms: formatNumber(rooms) });
export const sizeText = (size: number) => i18n.t("chats:asset.size", { size: formatNumber(size) });
export const floorText = (floor: number) =>
  floor === 0
    ? i18n.t("chats:asset.groundFloor")
    : i18n.t("chats:asset.floor", { floor: formatNumber(floor) });

/** A chat row's unread count as read aloud. */
export const unreadLabel = (count: number) => i18n.t("chats:item.unread", { count });

/**
 * A text field's direction: what was typed sets it (a Hebrew line right to left, an English one
 * left to right); an empty field keeps the page's, so its placeholder sits at the reader's start.
 */
export const typedDir = (value: string): "auto" | undefined => (value ? "auto" : undefined);
