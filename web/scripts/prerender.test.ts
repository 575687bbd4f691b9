import { describe, expect, it } from "vitest";
import { checkClasses } from "./prerender.ts";

describe("checkClasses", () => {
  const css = ".card_GyWZG{padding:1rem}.bp6-card{}";

  it("accepts markup whose module classes the stylesheets have, whatever Blueprint's", () => {
    expect(() =>
      checkClasses("/login", '<div class="card_GyWZG bp6-card bp6-elevation-2"></div>', css),
    ).not.toThrow();
  });

  it("names a module class the build has no style for", () => {
    expect(() => checkClasses("/login", '<div class="card_AAAAA bp6-card"></div>', css)).toThrow(
      "the prerendered /login names classes the build has no style for: card_AAAAA",
    );
  });
});
