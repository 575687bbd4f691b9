import { describe, expect, it } from "vitest";
import { parts } from "./bidi.ts";

describe("parts", () => {
  it("splits a match's summary at its separators", () => {
    expect(parts("ויטל 4, פלורנטין, תל אביב יפו · 3 rooms · ₪6,000")).toEqual([
      "ויטל 4, פלורנטין, תל אביב יפו",
      "3 rooms",
      "₪6,000",
    ]);
  });

  it("keeps a text without separators whole and drops empty parts", () => {
    expect(parts("Welcome to Dirabot")).toEqual(["Welcome to Dirabot"]);
    expect(parts(" · a · ")).toEqual(["a"]);
    expect(parts("")).toEqual([]);
  });
});
