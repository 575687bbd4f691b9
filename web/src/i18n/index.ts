import i18next, { type BackendModule, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { FIRST_NAMESPACES } from "./first.ts";

// The SPA's two languages: English (the default, the spec's texts exactly) and Hebrew (right to
// left). Every text a person reads comes from a catalogue, one JSON file per feature namespace in
// locales/<lang>/<ns>.json; a language's files are loaded on demand, never both languages.

export { useTranslation } from "react-i18next";

export const LANGUAGES = ["en", "he"] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = "en";

export const isLang = (value: unknown): value is Lang => value === "en" || value === "he";
export const dirOf = (lang: Lang): "ltr" | "rtl" => (lang === "he" ? "rtl" : "ltr");
/** The Intl locale a language formats numbers, prices and dates in. */
export const intlLocaleOf = (lang: Lang): string => (lang === "he" ? "he-IL" : "en-IL");

/** The browser's own preference: Hebrew when its first language is Hebrew, else English. */
export function browserLang(languages: readonly string[] | undefined): Lang {
  const first = languages?.[0]?.toLowerCase() ?? "";
  return first === "he" || first.startsWith("he-") || first === "iw" ? "he" : "en";
}

type Catalogue = Record<string, unknown>;
const files = import.meta.glob<Catalogue>("./locales/*/*.json", { import: "default" });

/** The namespaces the catalogues hold (the English files name them). */
export const NAMESPACES = Object.keys(files)
  .filter((path) => path.startsWith("./locales/en/"))
  .map((path) => path.slice("./locales/en/".length, -".json".length));

function loadNamespace(lang: string, ns: string): Promise<Catalogue> {
  const load = files[`./locales/${lang}/${ns}.json`];
  return load ? load() : Promise.resolve({});
}

const backend: BackendModule = {
  type: "backend",
  init: () => undefined,
  read: (lang, ns, done) =>
    void loadNamespace(lang, ns).then(
      (data) => done(null, data),
      (error: Error) => done(error, null),
    ),
};

export const i18n: I18n = i18next.createInstance();
let started: Promise<unknown> | null = null;
/**
 * Resolves once the catalogues have started: the router asks for a screen's (withCatalogues)
 * as it is made, before the app has picked its language.
 */
let markStarted = () => {};
const whenStarted = new Promise<void>((resolve) => {
  markStarted = resolve;
});

/**
 * Starts the catalogues in `lang` with the first screen's namespaces loaded, so the first draw
 * (and a page written ahead) never waits on one. Later calls switch the language, loading the
 * namespaces loaded so far in it. No fallback language: a Hebrew reader downloads no English
 * (the catalogues' test keeps every key in both).
 */
export async function startI18n(lang: Lang): Promise<void> {
  if (!started) {
    started = i18n
      .use(backend)
      .use(initReactI18next)
      .init({
        lng: lang,
        fallbackLng: false,
        supportedLngs: [...LANGUAGES],
        ns: [...FIRST_NAMESPACES],
        defaultNS: "common",
        interpolation: { escapeValue: false },
        react: { useSuspense: false },
        returnNull: false,
      });
    await started;
    markStarted();
  } else {
    await started;
    if (i18n.language !== lang) await i18n.changeLanguage(lang);
  }
  applyDocumentLang(lang);
}

/** Every namespace of the current language: what a screen loaded on demand may read. */
export async function loadAllNamespaces(): Promise<void> {
  await whenStarted;
  await i18n.loadNamespaces(NAMESPACES);
}

/** A screen's code loaded on demand, with the catalogues its texts are in. */
export function withCatalogues<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadAllNamespaces()]).then(([loaded]) => loaded);
}

/** `<html lang dir>` follow the language. */
export function applyDocumentLang(lang: Lang): void {
  const root = typeof document === "undefined" ? undefined : document.documentElement;
  if (!root) return;
  root.lang = lang;
  root.dir = dirOf(lang);
}

export const currentLang = (): Lang => (isLang(i18n.language) ? i18n.language : DEFAULT_LANG);
