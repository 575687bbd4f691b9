import { describe, expect, it } from "vitest";
import { hasNul } from "./body.ts";

describe("a NUL in a JSON body", () => {
  it("is found wherever the text decodes to one, and only there", () => {
    const decodesToNul = (text: string) => {
      const stack: unknown[] = [JSON.parse(text)];
      while (stack.length) {
        const v = stack.pop();
        if (typeof v === "string" && v.includes("\u0000")) return true;
        if (v && typeof v === "object") stack.push(...Object.keys(v), ...Object.values(v));
      }
      return false;
    };
    for (const text of [
      '{"email":"\\u0000"}',
      '{"a":["x","y\\u0000z"]}',
      '{"\\u0000":1}',
      '{"a":"\\\\\\u0000"}',
      '{"a":"\\\\\\\\\\u0000"}',
      '{"a":"\\\\u0000"}',
      '{"a":"\\\\\\\\u0000"}',
      '{"a":"u0000"}',
      `${"[".repeat(50_000)}"\\u0000"${"]".repeat(50_000)}`,
    ])
      expect(hasNul(text), text.slice(0, 30)).toBe(decodesToNul(text));
  });
});
