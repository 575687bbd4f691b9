import { describe, expect, it } from "vitest";
import { acceptLang } from "./page-lang.ts";

// The browser's first language, as Accept-Language weighs it: Hebrew for he*, else English.
describe("acceptLang", () => {
  it("is Hebrew when Hebrew weighs most", () => {
    expect(acceptLang("he-IL,he;q=0.9,en-US;q=0.8")).toBe("he");
    expect(acceptLang("he")).toBe("he");
    expect(acceptLang("iw-IL")).toBe("he");
    expect(acceptLang("en;q=0.5, he;q=0.8")).toBe("he");
    expect(acceptLang(" HE-il ")).toBe("he");
  });

  it("is English otherwise, and when there is no header or it is unreadable", () => {
    expect(acceptLang("en-US,he;q=0.9")).toBe("en");
    expect(acceptLang("fr-FR,fr;q=0.9")).toBe("en");
    expect(acceptLang("hero")).toBe("en");
    expect(acceptLang(undefined)).toBe("en");
    expect(acceptLang("")).toBe("en");
    expect(acceptLang("he;q=x")).toBe("en");
  });
});
