import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// "Listed today" and the entry date are 12 px grey on the card: WCAG AA asks 4.5:1 at that size.
// Computed from the stylesheet's own colours, in both themes.

const css = readFileSync(new URL("./PropertyCard.module.css", import.meta.url), "utf8");

/** The colour a rule (by its exact selector) gives a property. */
function colour(selector: string, property: string): string {
  const at = css.indexOf(`${selector} {`);
  if (at < 0) throw new Error(`no rule ${selector}`);
  const body = css.slice(at, css.indexOf("}", at));
  const m = new RegExp(`\\n\\s*${property}:\\s*(#[0-9a-f]{3,6})`, "i").exec(body);
  if (!m?.[1]) throw new Error(`no ${property} in ${selector}`);
  return m[1];
}

function luminance(hex: string): number {
  const h = hex.length === 4 ? [...hex.slice(1)].map((c) => c + c).join("") : hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe("the card's grey meta line", () => {
  it("reads at 4.5:1 or more on the light card", () => {
    const ratio = contrast(colour(".meta", "color"), colour(".card", "background-color"));
    expect(ratio).toBeGreaterThanOrEqual(4.5);
  });

  it("reads at 4.5:1 or more on the dark card", () => {
    const ratio = contrast(
      colour(":global(.bp6-dark) .meta", "color"),
      colour(":global(.bp6-dark) .card", "background-color"),
    );
    expect(ratio).toBeGreaterThanOrEqual(4.5);
  });
});
