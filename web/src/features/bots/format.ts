// How the bots screens write prices and times.

/** Shekels in the reader's language: "₪5,000" / "‏5,000 ‏₪". */
export { formatPrice } from "../../i18n/format.ts";
/**
 * A bot's creation time, day to minute on Israel's clock ("15.01.2026, 11:05", the spec's
 * Hebrew-Israel format in both languages: digits only, so it reads the same either way).
 */
export { israelDateTime as formatCreatedAt } from "../../lib/dates.ts";
