import type { TFunction } from "i18next";
import { browserLang, currentLang, DEFAULT_LANG, i18n, isLang, type Lang, startI18n } from "./index.ts";

// Which language the app speaks, and remembering a choice. A signed-in account's `locale` wins;
// signed out, the choice made in this browser, else the browser's own language. A choice is kept
// in localStorage (the app's next start) and in the `lang` cookie (the gateway's pages written
// ahead come out in it before any code runs).

export const LANG_STORAGE_KEY = "lang";
export const LANG_COOKIE = "lang";
const YEAR_S = 365 * 24 * 3600;

/** The choice made in this browser, or null. */
export function storedLang(): Lang | null {
  try {
    const value = window.localStorage.getItem(LANG_STORAGE_KEY);
    return isLang(value) ? value : null;
  } catch {
    return null;
  }
}

/** Keeps `lang` as this browser's choice: for the app's next start and for the gateway. */
export function rememberLang(lang: Lang): void {
  try {
    window.localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // Storage disabled: the cookie still carries it.
  }
  if (typeof document === "undefined") return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers we serve (older Safari, Firefox).
  document.cookie = `${LANG_COOKIE}=${lang}; path=/; max-age=${YEAR_S}; samesite=lax`;
}

/** An account's language when its answer carries a valid one (the API's `locale`). */
export function accountLang(user: unknown): Lang | null {
  const locale = user && typeof user === "object" ? (user as { locale?: unknown }).locale : undefined;
  return isLang(locale) ? locale : null;
}

/**
 * The language to speak: the account's when signed in and it has one, else this browser's
 * choice, else the browser's language (Hebrew for he*, else English).
 */
export function preferredLang(
  user: unknown,
  stored: Lang | null = storedLang(),
  languages: readonly string[] | undefined = typeof navigator === "undefined"
    ? undefined
    : navigator.languages,
): Lang {
  return accountLang(user) ?? stored ?? (languages ? browserLang(languages) : DEFAULT_LANG);
}

/** The language a page written ahead (by the build or the gateway) was written in, or null. */
export function pageLang(): Lang | null {
  if (typeof document === "undefined") return null;
  const lang = document.documentElement.lang;
  return isLang(lang) ? lang : null;
}

/** Switches the app to `lang` at once (catalogue, `<html lang dir>`), remembering it here. */
export async function switchLang(lang: Lang): Promise<void> {
  rememberLang(lang);
  if (currentLang() !== lang || i18n.language !== lang) await startI18n(lang);
}

/** Languages listed in the picker but not offered yet (the spec's German and French). */
const SOON = ["de", "fr"] as const;

/** The picker's options in the reader's language: ours to pick, the others listed as coming. */
export function languageOptions(t: TFunction): { label: string; value: string; disabled?: boolean }[] {
  return [
    { label: t("common:language.en"), value: "en" },
    { label: t("common:language.he"), value: "he" },
    ...SOON.map((lang) => ({
      label: t("common:language.notYet", { name: t(`common:language.${lang}`) }),
      value: lang,
      disabled: true,
    })),
  ];
}
