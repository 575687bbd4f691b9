import { formatNumber, formatPrice } from "../../i18n/format.ts";
import { counted, tp } from "./texts.ts";
import type { PriceSignal } from "./types.ts";

// The texts of a property card and of the results line, in the reader's language.

/** Floor 0 is 'Ground'; a basement keeps its minus sign. */
export const floorText = (floor: number): string =>
  floor === 0 ? tp("card.ground") : tp("card.floor", { floor: formatNumber(floor) });

export const roomsText = (rooms: number): string => tp("card.rooms", counted(rooms));

export const sizeText = (size: number): string => tp("card.size", { n: formatNumber(size) });

/** 'Private' for false, 'Merchant' for true, nothing when the source did not say. */
export const sellerText = (merchant: boolean | null): string | null =>
  merchant === null ? null : merchant ? tp("card.merchant") : tp("card.private");

const BADGES = new Set(["yad2", "facebook", "demo"]);

/** The source's name as the card shows it: 'yad2' → 'YAD2' ('יד2' in Hebrew); others uppercased. */
export const sourceText = (src: string): string =>
  BADGES.has(src) ? tp(`badges.${src}`) : src.toUpperCase();

/** '1,234 properties'; 'about 120,000 properties' when the server estimated the total. */
export function resultsText(total: number, exact: boolean): string {
  return exact ? tp("results.count", counted(total)) : tp("results.about", counted(total));
}

/** Within 1 % either way (after rounding to whole percent) a flat is priced like its area. */
const AT_MEDIAN_PERCENT = 1;

export interface SignalView {
  tone: "below" | "above" | "at";
  text: string;
  /** What the median is, for the tooltip. */
  detail: string;
}

/** The price against the area's median ₪/room: '12% below the area's median'. */
export function priceSignalView(signal: PriceSignal | null | undefined): SignalView | null {
  if (!signal || !Number.isFinite(signal.ratio) || signal.ratio <= 0) return null;
  const detail = tp("signal.detail", { price: formatPrice(signal.areaMedianPerRoom) });
  const off = signal.ratio - 1;
  const percent = Math.round(Math.abs(off) * 100);
  if (percent <= AT_MEDIAN_PERCENT) return { tone: "at", text: tp("signal.at"), detail };
  const tone = off < 0 ? "below" : "above";
  return { tone, text: tp(`signal.${tone}`, { percent: formatNumber(percent) }), detail };
}

const DAY_MS = 86_400_000;

/** Whole days since the first sighting; null when unknown or in the future (clock skew). */
export function daysListed(createdAt: string | null | undefined, now = Date.now()): number | null {
  if (!createdAt) return null;
  const at = Date.parse(createdAt);
  if (Number.isNaN(at)) return null;
  const days = Math.floor((now - at) / DAY_MS);
  return Math.max(0, days);
}

/** 'Listed today', 'Listed yesterday', '12 days on market'. */
export function daysText(days: number): string {
  if (days === 0) return tp("card.listedToday");
  if (days === 1) return tp("card.listedYesterday");
  return tp("card.daysOnMarket", counted(days));
}

/** A listing first seen within the last two days wears a 'New' badge. */
export const isNew = (days: number | null): boolean => days !== null && days < 2;
