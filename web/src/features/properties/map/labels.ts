import { formatNumber, formatPrice } from "../../../i18n/format.ts";
import { currentLang, intlLocaleOf } from "../../../i18n/index.ts";
import { tp } from "../texts.ts";

// The words and numbers drawn on the map's markers, in the reader's language. Kept short: a
// marker is a few characters wide.

const compact = new Map<string, Intl.NumberFormat>();

/** A listing's pill: "₪6,500"; very large sums shortened ("₪1.3M"); "" when there is no price. */
export function priceLabel(price: number | null): string {
  if (price === null || !Number.isFinite(price) || price < 0) return "";
  if (price < 100_000) return formatPrice(price);
  // Thousands whole ("₪250K"), millions to a tenth ("₪1.3M").
  const digits = price >= 1_000_000 ? 1 : 0;
  const locale = intlLocaleOf(currentLang());
  const key = `${locale}:${digits}`;
  let short = compact.get(key);
  if (!short) {
    short = new Intl.NumberFormat(locale, {
      style: "currency",
      currency: "ILS",
      notation: "compact",
      maximumFractionDigits: digits,
    });
    compact.set(key, short);
  }
  return short.format(price);
}

/**
 * A cluster's count, the sum of its listings: "7", "148", "1.2k", "12k". Over the server's grid
 * cells (`rough`: more than 2,000 listings in view, counts from 1 to thousands) hundreds are
 * written "140+", so such a view draws a few hundred distinct bubbles, not thousands.
 */
export function countLabel(count: number, rough = false): string {
  if (count < 100) return String(count);
  if (count < 1000) return rough ? `${Math.floor(count / 10) * 10}+` : String(count);
  if (count < 10_000) return `${trim(count / 1000)}k`;
  return `${Math.round(count / 1000)}k`;
}

const trim = (n: number) => (Math.round(n * 10) / 10).toString();

/** A cluster bubble's radius in px, a step per order of magnitude so size reads as "more". */
export function bubbleRadius(count: number): number {
  if (count < 10) return 15;
  if (count < 100) return 18;
  if (count < 1000) return 21;
  return 25;
}

/** What a hover over a marker says. */
export function markerTitle(m: { count: number; price: number | null }): string {
  if (m.count > 1) return tp("map.markerCluster", { n: formatNumber(m.count) });
  return m.price === null ? tp("map.markerNoPrice") : tp("map.markerPrice", { price: priceLabel(m.price) });
}
