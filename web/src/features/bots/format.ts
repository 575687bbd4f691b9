// How the bots screens write prices and times.

/** A bot's creation time, day to minute on Israel's clock; '' when missing or unreadable. */
export { israelDateTime as formatCreatedAt } from "../../lib/dates.ts";
export { formatPrice } from "../../lib/money.ts";
