import { formatNumber, formatPrice } from "../../../i18n/format.ts";
import { daysAgo, joinPlaces, placeNames, shortDate, tp } from "../texts.ts";
import type { AssetSource, AssetStory, PriceSignal } from "../types.ts";
import type { PricePoint } from "./chart.ts";

// The words of a flat's story (docs/PRODUCT.md): days on
// market, live or removed, where it appeared, the price's change. Pure, so the
// wording is tested; `now` is passed in so "12 days ago" does not depend on the test's clock.

const DAY_MS = 86_400_000;

/** ₪ with a thousands separator: ₪5,500. */
export const shekels = (price: number): string => formatPrice(price);

/** The floor as a card writes it (0 is shown as Ground). */
export const floorText = (floor: number): string => (floor === 0 ? tp("card.ground") : formatNumber(floor));

/** 'Private' / 'Merchant' (merchant true is Merchant); null when the source did not say. */
export const sellerText = (merchant: boolean | null): string | null =>
  merchant === null ? null : merchant ? tp("card.merchant") : tp("card.private");

/** '3 Nov' this year, '3 Nov 2024' otherwise, in the reader's language; "" for a missing or broken date. */
export { shortDate };

/** Whole days from `iso` to `now`, never negative (a clock slightly behind the server's is today). */
export function daysSince(iso: string, now: number): number {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return 0;
  return Math.max(0, Math.floor((now - at) / DAY_MS));
}

/** 'Listed 12 days ago · first seen 3 Nov', counted from the first sighting on any source. */
export function listedText(firstSeenAt: string, now: number): string {
  const seen = shortDate(firstSeenAt, now);
  const listed = tp("story.listed", { ago: daysAgo(daysSince(firstSeenAt, now)) });
  return seen ? tp("story.listedSeen", { listed, date: seen }) : listed;
}

export type MarketState = { live: true } | { live: false; removedAt: string };

/**
 * Still live while any source still shows it; otherwise removed on the day the last source dropped
 * it. Null without sources (nothing is known either way).
 */
export function marketState(sources: AssetSource[]): MarketState | null {
  if (!sources.length) return null;
  if (sources.some((s) => s.removedAt === null)) return { live: true };
  // ISO instants in UTC sort as text; the latest removal is the last one.
  const removals = sources.map((s) => s.removedAt ?? "").sort();
  return { live: false, removedAt: removals[removals.length - 1] ?? "" };
}

/**
 * Days on market: from the first sighting on any source to now, or to the day the last source
 * dropped it (a flat gone for a month was not on the market all that time).
 */
export function marketDays(firstSeenAt: string, state: MarketState | null, now: number): number {
  const until = state && !state.live ? Date.parse(state.removedAt) : now;
  return daysSince(firstSeenAt, Number.isNaN(until) ? now : until);
}

export const stateText = (state: MarketState, now: number): string =>
  state.live ? tp("story.live") : tp("story.removed", { date: shortDate(state.removedAt, now) }).trim();

const KNOWN_SOURCES = new Set(["yad2", "facebook", "demo"]);

/** The source's name as people know it in the reader's language: 'Yad2' / 'יד2'. */
export const sourceName = (source: string): string =>
  KNOWN_SOURCES.has(source) ? tp(`sources.${source}`) : source;

/** The source's name as people know it: 'Yad2', 'Facebook · רק בתל אביב' (each group on its own). */
export function sourceLabel(source: Pick<AssetSource, "source" | "group">): string {
  const name = sourceName(source.source);
  const group = source.group?.trim();
  return group ? `${name} · ${group}` : name;
}

/**
 * Which entry of `sources` is the listing being shown: the one with its link, else the first of
 * its source. -1 when none is (the others are then all "also on").
 */
export function ownSourceIndex(story: Pick<AssetStory, "link" | "src" | "sources">): number {
  const byLink = story.link ? story.sources.findIndex((s) => s.url === story.link) : -1;
  return byLink >= 0 ? byLink : story.sources.findIndex((s) => s.source === story.src);
}

/** Oldest sighting first, so the list reads as the flat's story. */
export const sourcesInOrder = (sources: AssetSource[]): AssetSource[] =>
  [...sources].sort((a, b) => a.firstSeenAt.localeCompare(b.firstSeenAt));

/**
 * 'Also on Facebook · רק בתל אביב' (then ', Yad2' …): the other places where the same flat is live
 * now, each named once, without the one being shown. Null when it is on no other.
 */
export function alsoOnText(story: Pick<AssetStory, "link" | "src" | "sources">): string | null {
  const labels = alsoOnLabels(story);
  return labels.length ? tp("story.alsoOn", { sources: labels.join(tp("story.list")) }) : null;
}

/** The labels alsoOnText names, each on its own (the drawer isolates each one's direction). */
export function alsoOnLabels(story: Pick<AssetStory, "link" | "src" | "sources">): string[] {
  const own = ownSourceIndex(story);
  const ownLabel = own >= 0 ? sourceLabel(story.sources[own] as AssetSource) : null;
  const labels = new Set(
    sourcesInOrder(story.sources.filter((s, i) => i !== own && s.removedAt === null))
      .map(sourceLabel)
      .filter((label) => label !== ownLabel),
  );
  return [...labels];
}

/** The current price less the first one; null with fewer than two prices. */
export function priceDelta(points: PricePoint[]): number | null {
  const first = points[0];
  const last = points[points.length - 1];
  return first && last && points.length > 1 ? last.price - first.price : null;
}

/** '↓ ₪500 since first seen', '↑ ₪300 since first seen', 'Unchanged since first seen'; null with one price. */
export function priceChangeText(points: PricePoint[]): string | null {
  const delta = priceDelta(points);
  if (delta === null) return null;
  if (delta === 0) return tp("story.unchanged");
  return tp(delta < 0 ? "story.down" : "story.up", { price: shekels(Math.abs(delta)) });
}

/** 'Area median ₪2,450 per room' (the sentence itself is the cards' priceSignalView, one rule for both). */
export const medianText = (signal: PriceSignal): string =>
  tp("story.median", { price: shekels(Math.round(signal.areaMedianPerRoom)) });

/**
 * The line under the address: neighbourhood and city, leaving out what the address already says
 * ('ויטל 17, פלורנטין, תל אביב יפו' needs no second 'פלורנטין · תל אביב יפו').
 */
export function placeText(location: string, neighborhood: string | null, city: string | null): string {
  return [neighborhood, city]
    .map((part) => joinPlaces(placeNames(part).filter((name) => !location.includes(name))))
    .filter(Boolean)
    .join(" · ");
}

/** Israeli numbers as people write them: 054-7330253, 03-5551234; anything else as it came. */
export function phoneText(phone: string): string {
  const digits = phone.replace(/[^\d]/g, "");
  if (/^05\d{8}$/.test(digits) || /^07\d{8}$/.test(digits)) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  if (/^0[2-489]\d{7}$/.test(digits)) return `${digits.slice(0, 2)}-${digits.slice(2)}`;
  return phone;
}
