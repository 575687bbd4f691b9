// The words and numbers drawn on the map's markers. Kept short: a marker is a few characters wide.

const thousands = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** A listing's pill: "₪6,500"; very large sums shortened ("₪1.3M"); "" when there is no price. */
export function priceLabel(price: number | null): string {
  if (price === null || !Number.isFinite(price) || price < 0) return "";
  if (price >= 1_000_000) return `₪${trim(price / 1_000_000)}M`;
  if (price >= 100_000) return `₪${Math.round(price / 1000)}K`;
  return `₪${thousands.format(price)}`;
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
  if (m.count > 1) return `${thousands.format(m.count)} listings · click to zoom in`;
  return m.price === null ? "Listing · price not given" : `${priceLabel(m.price)} / month`;
}
