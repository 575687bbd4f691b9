import type { Context } from "koa";

// The language of a page the gateway sends before any code runs (a page written ahead, a drawn
// signed-in page): the visitor's choice in the `lang` cookie (the SPA sets it on a choice, web
// src/i18n/language.ts), else the browser's first language in Accept-Language: Hebrew for he*
// (and the old "iw"), else English. A drawn page prefers the account's own (web src/prerender.tsx).

export type PageLang = "en" | "he";
export const LANG_COOKIE = "lang";

/** The first language of an Accept-Language header, by its weights: "he" for Hebrew, else "en". */
export function acceptLang(header: string | undefined): PageLang {
  let best = "";
  let bestQ = -1;
  for (const part of (header ?? "").split(",")) {
    const [tag = "", ...params] = part.trim().split(";");
    if (!tag) continue;
    const q = params.map((p) => /^\s*q=(.*)$/i.exec(p)?.[1]).find((v) => v !== undefined);
    // An unreadable weight counts for nothing.
    const weight = q === undefined ? 1 : Number(q.trim() || Number.NaN);
    if (Number.isFinite(weight) && weight > bestQ) {
      best = tag.toLowerCase();
      bestQ = weight;
    }
  }
  return best === "he" || best.startsWith("he-") || best === "iw" || best.startsWith("iw-") ? "he" : "en";
}

/** The visitor's language for a page: the `lang` cookie's, else Accept-Language's. */
export function pageLang(k: Pick<Context, "cookies" | "get">): PageLang {
  const chosen = k.cookies.get(LANG_COOKIE);
  if (chosen === "en" || chosen === "he") return chosen;
  return acceptLang(k.get("Accept-Language"));
}
