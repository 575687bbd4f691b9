import { describe, expect, it } from "vitest";
import { isolate, joinPlaces, localeFromHeader, localeOr } from "./locale.ts";

describe("the browser's language", () => {
  it("is Hebrew for he… and iw, else English", () => {
    expect(localeFromHeader("he-IL,he;q=0.9,en-US;q=0.8")).toBe("he");
    expect(localeFromHeader("he")).toBe("he");
    expect(localeFromHeader("iw-IL")).toBe("he");
    expect(localeFromHeader("en-US,en;q=0.9,he;q=0.8")).toBe("en");
    expect(localeFromHeader("fr-FR,fr;q=0.9")).toBe("en");
    expect(localeFromHeader("fr-FR,he;q=0.5")).toBe("he");
    expect(localeFromHeader("en;q=0.2, he;q=0.7")).toBe("he");
    expect(localeFromHeader("he;q=0")).toBe("en");
    expect(localeFromHeader("")).toBe("en");
    expect(localeFromHeader(undefined)).toBe("en");
  });

  it("keeps only the languages we speak", () => {
    expect(localeOr("he")).toBe("he");
    expect(localeOr("fr")).toBe("en");
    expect(localeOr(undefined)).toBe("en");
  });
});

describe("user data in plain text", () => {
  it("is isolated with FSI … PDI", () => {
    expect(isolate("פלורנטין")).toBe("\u2068פלורנטין\u2069");
    expect(isolate("")).toBe("");
  });

  it("joins several places with a comma", () => {
    expect(joinPlaces("נווה גן;קרית שאול")).toBe("נווה גן, קרית שאול");
    expect(joinPlaces("פלורנטין")).toBe("פלורנטין");
  });
});
