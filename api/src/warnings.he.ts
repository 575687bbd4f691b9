// A listing's warnings in Hebrew, by the English the listings service words them in: the gateway
// answers a Hebrew caller's listings with them, and the SPA words a chat's cards, which reach it
// over the socket in the words they were stored in. Plain constants, no imports.

const FSI = "\u2068";
const PDI = "\u2069";
const HEBREW_RUN = /[\u05D0-\u05EA](?:[\u05D0-\u05EA\s'"\-\u05F3\u05F4]*[\u05D0-\u05EA])?/g;
const HE_PRICE = new Intl.NumberFormat("he-IL", {
  style: "currency",
  currency: "ILS",
  maximumFractionDigits: 0,
});

/** A listing's warnings (`warnings[].message`) in Hebrew, by the English the listings service words. */
const WARNINGS_HE: ReadonlyArray<readonly [RegExp, (m: RegExpExecArray) => string]> = [
  [/^Asks for money before you have seen the flat$/, () => "מבקשים כסף לפני שראיתם את הדירה"],
  [/^Says the owner is abroad and will send the keys$/, () => "כתוב שבעל הדירה בחו״ל וישלח את המפתחות"],
  [/^Says the owner is abroad$/, () => "כתוב שבעל הדירה בחו״ל"],
  [/^Offers to send the keys by post or courier$/, () => "מציעים לשלוח את המפתחות בדואר או בשליח"],
  [
    /^Price is (\d+)% below the median for ([\d.]+) rooms (?:in (.+)|in its area) \(₪([\d,]+)\)$/,
    (m) => {
      const where = m[3] ? `ב${FSI}${m[3]}${PDI}` : "באזור";
      const median = HE_PRICE.format(Number((m[4] ?? "0").replaceAll(",", "")));
      return `המחיר נמוך ב־${m[1]}% מהחציון לדירת ${m[2]} חדרים ${where} (${median})`;
    },
  ],
  [
    /^The same phone is on (\d+) different flats in (\d+) neighbourhoods in the last (\d+) days$/,
    (m) => `אותו מספר טלפון מופיע ב־${m[1]} דירות שונות ב־${m[2]} שכונות ב־${m[3]} הימים האחרונים`,
  ],
];

/** A warning's message in the reader's language; English, or one we do not know, as it was. */
export function warningMessageIn(locale: string, message: string): string {
  // In an English line a Hebrew place pulls the figures after it to its side: each Hebrew run isolated.
  if (locale !== "he") return message.replace(HEBREW_RUN, (run) => `${FSI}${run}${PDI}`);
  for (const [pattern, he] of WARNINGS_HE) {
    const m = pattern.exec(message);
    if (m) return he(m);
  }
  return message;
}
