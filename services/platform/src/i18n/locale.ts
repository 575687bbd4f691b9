// The languages the product speaks to people, shared by the services that write texts and the
// gateway that reads the browser's: one place to say which exist and how a header chooses.

export const LOCALES = ["en", "he"] as const;
export type Locale = (typeof LOCALES)[number];

export const isLocale = (v: unknown): v is Locale => v === "en" || v === "he";

/** A stored or sent value as a locale; anything unknown is English, the default. */
export const localeOr = (v: string | undefined | null): Locale => (isLocale(v) ? v : "en");

/**
 * The language an Accept-Language header prefers among ours: the first listed tag we speak, by
 * q-value; Hebrew for any `he…` (also the legacy `iw`), else English.
 */
export function localeFromHeader(header: string | undefined | null): Locale {
  if (!header) return "en";
  const tags = header
    .split(",")
    .map((part, i) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, i };
    })
    .filter((t) => t.tag && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.i - b.i);
  for (const { tag } of tags) {
    const base = tag.split("-")[0];
    if (base === "he" || base === "iw") return "he";
    if (base === "en") return "en";
  }
  return "en";
}

/**
 * User data inside a plain-text sentence (Telegram, web push): first-strong isolate … pop, so a
 * Hebrew place in an English line (or a Latin title in a Hebrew one) keeps its own direction
 * without reordering what stands around it.
 */
export const isolate = (s: string): string => (s ? `\u2068${s}\u2069` : s);

/** Multi-valued places ("נווה גן;קרית שאול" as stored) joined as a reader expects. */
export const joinPlaces = (s: string): string =>
  s
    .split(";")
    .map((p) => p.trim())
    .filter(Boolean)
    .join(", ");

const HE_PRICE = new Intl.NumberFormat("he-IL", {
  style: "currency",
  currency: "ILS",
  maximumFractionDigits: 0,
});

/**
 * A price in shekels as the reader's screens write it: "₪7,500" in English (the product's texts
 * as they always were), Intl's he-IL in Hebrew (the web app's formatPrice), the sign kept with
 * its number.
 */
export const shekels = (locale: Locale, n: number): string =>
  locale === "he" ? HE_PRICE.format(n) : `₪${n.toLocaleString("en-US")}`;
