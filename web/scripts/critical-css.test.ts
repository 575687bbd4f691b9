import * as fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { criticalCss } from "../src/lib/critical.ts";
import { CRITICAL_SLOT, criticalRules, criticalShell, needs } from "./critical-css.ts";

describe("needs", () => {
  it("names the classes a selector needs, not those under :not, :is, :where or :has", () => {
    expect(needs(".bp6-dark .bp6-button.bp6-large:hover")).toEqual(["bp6-dark", "bp6-button", "bp6-large"]);
    expect(needs(".bp6-button:not(.bp6-minimal):not([class*=bp6-intent-])")).toEqual(["bp6-button"]);
    expect(needs(":is(.a,.b) .c:where(.d:not(.e))")).toEqual(["c"]);
    expect(needs(".card_x-1Yz::before")).toEqual(["card_x-1Yz"]);
    expect(needs(".md\\:wide > a")).toEqual(["md:wide"]);
    expect(needs(":root")).toEqual([]);
    expect(needs('[data-bp-color-scheme="dark"] body')).toEqual([]);
  });
});

describe("criticalRules", () => {
  it("lists each rule with its at-rules, keeping @keyframes and @font-face whole", () => {
    const rules = criticalRules(
      ":root{--x:1}.a,.b .c{color:red}@media (min-width:1200px){.d{x:1}@supports (y:z){.e{y:2}}}" +
        "@keyframes spin{to{transform:rotate(1turn)}}@font-face{font-family:F;src:url(f.woff2)}",
    );
    expect(rules).toEqual([
      [[], [[]], ":root{--x:1}"],
      [[], [["a"], ["b", "c"]], ".a,.b .c{color:red}"],
      [["@media (min-width:1200px)"], [["d"]], ".d{x:1}"],
      [["@media (min-width:1200px)", "@supports (y:z)"], [["e"]], ".e{y:2}"],
      [[], [[]], "@keyframes spin{to{transform:rotate(1turn)}}"],
      [[], [[]], "@font-face{font-family:F;src:url(f.woff2)}"],
    ]);
  });

  it("on Blueprint's own stylesheet, picks a button's rules and leaves the rest", () => {
    const file = createRequire(import.meta.url).resolve("@blueprintjs/core/lib/css/blueprint.css");
    const all = fs.readFileSync(file, "utf8");
    const rules = criticalRules(all);
    const css = criticalCss(
      rules,
      '<button class="bp6-button bp6-intent-primary"><span class="bp6-button-text">Go</span></button>',
    );
    expect(css).toContain(".bp6-button.bp6-intent-primary");
    expect(css).toContain(".bp6-dark .bp6-button"); // the dark theme is set before any code
    expect(css).not.toContain(".bp6-slider");
    expect(css).not.toContain(".bp6-tree");
    expect(css.length).toBeLessThan(all.length / 4);
  });
});

describe("criticalShell", () => {
  it("moves the stylesheets after the markup, preloaded where they were, and leaves the slot in the head", () => {
    const shell = criticalShell(`<html><head>
    <script>/* start */</script>
    <link rel="stylesheet" crossorigin href="/assets/index-a.css">
  </head>
  <body><div id="root"></div></body></html>`);
    expect(shell).toBe(`<html><head>
    <script>/* start */</script>
    <link rel="preload" as="style" crossorigin href="/assets/index-a.css">
  ${CRITICAL_SLOT}
  </head>
  <body><div id="root"></div><link rel="stylesheet" crossorigin href="/assets/index-a.css">
  </body></html>`);
  });

  it("fails the build when index.html links no stylesheet", () => {
    expect(() => criticalShell("<html><head></head><body></body></html>")).toThrow("links no stylesheet");
  });
});
