import { readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { parseLabelled, score } from "./accuracy.ts";

const file = path.resolve(import.meta.dirname, "../../test/posts/labelled.jsonl");
const posts = parseLabelled(readFileSync(file, "utf8"));

/**
 * Floors per field on the labelled set (figures in README.md). They sit a little under
 * the measured accuracy so a change that costs a post or two shows, without pinning
 * every label.
 */
const FLOORS: Record<string, number> = {
  kind: 0.95,
  price: 0.95,
  rooms: 0.94,
  floor: 0.95,
  size: 0.95,
  phone: 0.97,
  street: 0.93,
  neighborhood: 0.95,
  neighborhoodCode: 0.95,
  city: 0.95,
  entryDate: 0.95,
  broker: 0.95,
};

describe("accuracy on the labelled set", () => {
  it("has at least 60 varied posts, every field labelled", () => {
    expect(posts.length).toBeGreaterThanOrEqual(60);
    const kinds = new Set(posts.map((p) => p.expected.kind));
    expect([...kinds].sort()).toEqual(["apartment", "not_offer", "room", "sublet"]);
    for (const p of posts) expect(Object.keys(p.expected)).toHaveLength(12);
  });

  const { fields } = score(posts);
  it.each(fields.map((f) => [f.field, f] as const))("%s stays above its floor", (name, f) => {
    expect(f.accuracy).toBeGreaterThanOrEqual(FLOORS[name] ?? 1);
  });
});
