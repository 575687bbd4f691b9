import { beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../i18n/index.ts";
import { entryDateText } from "./entryDate.ts";

describe("a listing's entry date", () => {
  beforeAll(async () => {
    await i18n.loadLanguages("he");
  });

  it("reads in English and Hebrew", () => {
    expect(entryDateText("immediate", "en")).toBe("Immediate entry");
    expect(entryDateText("immediate", "he")).toBe("כניסה מיידית");
    expect(entryDateText("2026-08-15", "en")).toBe("Entry 15 Aug 2026");
    expect(entryDateText("2026-08-15", "he")).toMatch(/^כניסה ב־15 באוג׳ 2026$/);
  });

  it("says nothing when unknown or not a date", () => {
    expect(entryDateText(null, "en")).toBeNull();
    expect(entryDateText("", "en")).toBeNull();
    expect(entryDateText("soon", "he")).toBeNull();
    expect(entryDateText("2026-13-45", "en")).toBeNull();
  });
});
