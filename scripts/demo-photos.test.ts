import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { PALETTES, roomSvg } from "./demo-photos.ts";

const PUBLIC = join(import.meta.dirname, "..", "web", "public");

it("the committed demo pictures are what scripts/demo-photos.ts draws", () => {
  PALETTES.forEach((p, i) => {
    expect(readFileSync(join(PUBLIC, "demo", `flat-${i + 1}.svg`), "utf8")).toBe(roomSvg(p, i));
  });
});
