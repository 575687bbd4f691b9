import type { CriticalRule } from "@dirabot/api";
import { describe, expect, it } from "vitest";
import { criticalCss } from "./critical.ts";

const RULES: CriticalRule[] = [
  [[], [[]], ":root{--x:1}"],
  [[], [["bp6-button"]], ".bp6-button{color:red}"],
  [[], [["bp6-slider"]], ".bp6-slider{height:4px}"],
  [[], [["bp6-dark", "bp6-button"]], ".bp6-dark .bp6-button{color:pink}"],
  [["@media (min-width:1200px)"], [["nav_a1b2c"]], ".nav_a1b2c{display:block}"],
  [["@media (min-width:1200px)"], [["bp6-tree"]], ".bp6-tree{margin:0}"],
  [
    ["@media (min-width:1200px)"],
    [["bp6-card"], ["bp6-button", "bp6-large"]],
    ".bp6-card,.bp6-button.bp6-large{padding:8px}",
  ],
  [["@supports (x:y)", "@media print"], [["bp6-button"]], ".bp6-button{color:black}"],
  [[], [[]], "@keyframes spin{to{transform:rotate(1turn)}}"],
  [[], [["bp6-tooltip"]], ".bp6-tooltip{z-index:20}"],
];

describe("criticalCss", () => {
  it("keeps the rules whose classes are all in the markup, in order and inside their at-rules", () => {
    const markup =
      '<div class="nav_a1b2c"><button class="bp6-button bp6-large" type="button">Go</button></div>';
    expect(criticalCss(RULES, markup)).toBe(
      ":root{--x:1}.bp6-button{color:red}.bp6-dark .bp6-button{color:pink}" +
        "@media (min-width:1200px){.nav_a1b2c{display:block}.bp6-card,.bp6-button.bp6-large{padding:8px}}" +
        "@supports (x:y){@media print{.bp6-button{color:black}}}" +
        "@keyframes spin{to{transform:rotate(1turn)}}",
    );
  });

  it("keeps nothing for classes only text names, and what needs no class for a page without any", () => {
    expect(criticalCss(RULES, "<p>bp6-slider bp6-tooltip</p>")).toBe(
      ":root{--x:1}@keyframes spin{to{transform:rotate(1turn)}}",
    );
  });
});
