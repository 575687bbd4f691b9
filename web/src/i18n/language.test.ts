import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { browserLang, i18n } from "./index.ts";
import {
  accountLang,
  LANG_STORAGE_KEY,
  languageOptions,
  preferredLang,
  rememberLang,
  storedLang,
  switchLang,
} from "./language.ts";

// Which language the app speaks: the account's, else this browser's choice, else the browser's.

const storage = new Map<string, string>();
const html = { lang: "en", dir: "ltr" };
const doc = { cookie: "", documentElement: html };

beforeEach(() => {
  storage.clear();
  doc.cookie = "";
  vi.stubGlobal("window", {
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    },
  });
  vi.stubGlobal("document", doc);
});
afterEach(async () => {
  await i18n.changeLanguage("en");
  vi.unstubAllGlobals();
});

describe("the language to speak", () => {
  it("is the signed-in account's when its answer has one", () => {
    expect(preferredLang({ _id: "u", locale: "he" }, "en", ["en-US"])).toBe("he");
    expect(preferredLang({ _id: "u", locale: "en" }, "he", ["he-IL"])).toBe("en");
  });

  it("is this browser's choice when the account has none (or there is no account)", () => {
    expect(preferredLang({ _id: "u" }, "he", ["en-US"])).toBe("he");
    expect(preferredLang({ _id: "u", locale: "fr" }, "he", ["en-US"])).toBe("he");
    expect(preferredLang(null, "en", ["he-IL"])).toBe("en");
  });

  it("is the browser's language otherwise: Hebrew for he*, else English", () => {
    expect(preferredLang(null, null, ["he-IL", "en-US"])).toBe("he");
    expect(preferredLang(null, null, ["he"])).toBe("he");
    expect(preferredLang(null, null, ["en-US", "he-IL"])).toBe("en");
    expect(preferredLang(null, null, ["fr-FR"])).toBe("en");
    expect(preferredLang(null, null, [])).toBe("en");
    expect(browserLang(["iw"])).toBe("he");
  });

  it("reads an account's locale only when it is one of ours", () => {
    expect(accountLang({ locale: "he" })).toBe("he");
    expect(accountLang({ locale: "de" })).toBeNull();
    expect(accountLang(null)).toBeNull();
  });
});

describe("a choice", () => {
  it("is remembered in localStorage and in the gateway's `lang` cookie", () => {
    rememberLang("he");
    expect(storage.get(LANG_STORAGE_KEY)).toBe("he");
    expect(storedLang()).toBe("he");
    expect(doc.cookie).toMatch(/^lang=he; path=\/; max-age=\d+; samesite=lax$/);
    storage.set(LANG_STORAGE_KEY, "xx");
    expect(storedLang()).toBeNull();
  });

  it("applies at once: the catalogue and <html lang dir> switch, and back", async () => {
    await switchLang("he");
    expect(i18n.language).toBe("he");
    expect(i18n.t("auth:login.title")).toBe("התחברות");
    expect(html).toEqual({ lang: "he", dir: "rtl" });
    await switchLang("en");
    expect(i18n.t("auth:login.title")).toBe("Sign in");
    expect(html).toEqual({ lang: "en", dir: "ltr" });
    expect(storedLang()).toBe("en");
  });
});

describe("the picker's options", () => {
  it("offer English and עברית, and list German and French as not yet available", () => {
    expect(languageOptions(i18n.t)).toEqual([
      { label: "English", value: "en" },
      { label: "עברית", value: "he" },
      { label: "German (coming soon)", value: "de", disabled: true },
      { label: "French (coming soon)", value: "fr", disabled: true },
    ]);
  });

  it("are worded in Hebrew when the app speaks Hebrew, each language still findable", async () => {
    await i18n.changeLanguage("he");
    expect(languageOptions(i18n.t).map((o) => o.label)).toEqual([
      "English",
      "עברית",
      "גרמנית (בקרוב)",
      "צרפתית (בקרוב)",
    ]);
  });
});
