import { formatPrice } from "./filters.ts";
import type { PriceSignal } from "./types.ts";

// The texts of a property card and of the results line.

const count = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/** Floor 0 is 'Ground'; a basement keeps its minus sign. */
export const floorText = (floor: number): string => (floor === 0 ? "Ground" : `Floor ${floor}`);

export const roomsText = (rooms: number): string =>
  `${count.format(rooms)} ${rooms === 1 ? "room" : "rooms"}`;

export const sizeText = (size: number): string => `${count.format(size)} m²`;

/** 'Private' for false, 'Merchant' for true, nothing when the source did not say. */
export const sellerText = (merchant: boolean | null): string | null =>
  merchant === null ? null : merchant ? "Merchant" : "Private";

/** The source's name as the card shows it: 'yad2' → 'YAD2'. */
export const sourceText = (src: string): string => src.toUpperCase();

/** '1,234 properties'; 'about 120,000 properties' when the server estimated the total. */
export function resultsText(total: number, exact: boolean): string {
  const n = `${exact ? "" : "about "}${count.format(total)}`;
  return `${n} ${total === 1 && exact ? "property" : "properties"}`;
}

/** Within 1 % either way (after rounding to whole percent) a flat is priced like its area. */
const AT_MEDIAN_PERCENT = 1;

export interface SignalView {
  tone: "below" | "above" | "at";
  text: string;
  /** What the median is, for the tooltip. */
  detail: string;
}

/** The price against the area's median ₪/room (issue 12): '12% below the area's median'. */
export function priceSignalView(signal: PriceSignal | null | undefined): SignalView | null {
  if (!signal || !Number.isFinite(signal.ratio) || signal.ratio <= 0) return null;
  const detail = `The area's median is ${formatPrice(signal.areaMedianPerRoom)} per room, among flats with as many rooms listed in the last 30 days.`;
  const off = signal.ratio - 1;
  const percent = Math.round(Math.abs(off) * 100);
  if (percent <= AT_MEDIAN_PERCENT) return { tone: "at", text: "At the area's median", detail };
  return off < 0
    ? { tone: "below", text: `${percent}% below the area's median`, detail }
    : { tone: "above", text: `${percent}% above the area's median`, detail };
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
  if (days === 0) return "Listed today";
  if (days === 1) return "Listed yesterday";
  return `${count.format(days)} days on market`;
}

/** A listing first seen within the last two days wears a 'New' badge. */
export const isNew = (days: number | null): boolean => days !== null && days < 2;
