import { formatPrice as priceIn } from "../i18n/format.ts";
import { currentLang } from "../i18n/index.ts";

// How every screen writes a price: in English '₪' before the number with a thousands separator
// (12500 → '₪12,500', the spec's); in Hebrew where Hebrew puts the shekel sign (i18n/format.ts).

const thousands = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

export const formatPrice = (value: number): string =>
  currentLang() === "en" ? `₪${thousands.format(value)}` : priceIn(value, "he");
