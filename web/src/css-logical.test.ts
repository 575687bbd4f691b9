import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// The SPA reads right to left in Hebrew: its stylesheets name sides logically (margin-inline-start,
// inset-inline-end, text-align: start, border-start-end-radius...) so the page mirrors by itself.
// A physical left or right is a bug unless it means a side of something that never mirrors: the
// allow-list below names each such declaration and why.

const src = import.meta.dirname;

interface Exception {
  file: string;
  declaration: string;
  why: string;
}

const ALLOWED: Exception[] = [
  {
    file: "app/errors/UncaughtErrorBanner.module.css",
    declaration: "left: 50%",
    why: "centred with translateX(-50%), the same in both directions",
  },
  {
    file: "features/bots/map/AreaMap.module.css",
    declaration: "left: 50%",
    why: "centred with translateX(-50%), the same in both directions",
  },
  {
    file: "features/properties/Gallery.module.css",
    declaration: "left: 50%",
    why: "the photo dots, centred with translateX(-50%)",
  },
  {
    file: "app/rtl.css",
    declaration: "left: calc(100% - 1em + 2px)",
    why: "a switch's knob: Blueprint moves it by `left`, with a transition on `left`",
  },
  {
    file: "app/rtl.css",
    declaration: "left: 2px",
    why: "a switch's knob: Blueprint moves it by `left`, with a transition on `left`",
  },
];

/** A value's space-separated words, a function's arguments staying inside their word. */
function words(value: string): string[] {
  const out = [""];
  let depth = 0;
  for (const char of value.trim()) {
    if (char === "(") depth++;
    if (char === ")") depth--;
    if (/\s/.test(char) && depth === 0) {
      if (out.at(-1)) out.push("");
    } else out[out.length - 1] += char;
  }
  return out;
}

/** A declaration that names a physical side: a left/right property or value, or a lopsided shorthand. */
export function physicalSide(property: string, value: string): boolean {
  if (/(^|-)(left|right)(-|$)/.test(property)) return true;
  if (/^(text-align|float|clear|caption-side|justify-self|justify-items)$/.test(property))
    return /^(left|right)\b/.test(value);
  const parts = words(value);
  if (
    /^(margin|padding|inset|border-width|border-style|border-color|scroll-margin|scroll-padding)$/.test(
      property,
    )
  )
    return parts.length === 4 && parts[1] !== parts[3];
  if (property === "border-radius") {
    const [a, b = a, c = a, d = b] = words(value.split("/")[0] ?? "");
    return a !== b || c !== d;
  }
  return false;
}

interface Found {
  file: string;
  line: number;
  declaration: string;
}

/** Every physical declaration in a stylesheet, comments aside. */
export function physicalDeclarations(file: string, css: string): Found[] {
  const blank = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, " "));
  const found: Found[] = [];
  for (const match of blank.matchAll(/([a-z-]+)\s*:\s*([^;{}]+?)\s*(?:;|(?=}))/g)) {
    const [, property = "", value = ""] = match;
    if (!physicalSide(property, value)) continue;
    const line = blank.slice(0, match.index).split("\n").length;
    found.push({ file, line, declaration: `${property}: ${value.replace(/\s+/g, " ")}` });
  }
  return found;
}

function sheetsUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sheetsUnder(join(dir, entry.name))
      : entry.name.endsWith(".css")
        ? [join(dir, entry.name)]
        : [],
  );
}

describe("the SPA's stylesheets", () => {
  const found = sheetsUnder(src).flatMap((path) =>
    physicalDeclarations(relative(src, path), readFileSync(path, "utf8")),
  );
  const allowed = (f: Found) => ALLOWED.some((a) => a.file === f.file && a.declaration === f.declaration);

  it("name sides logically, so a right-to-left page mirrors", () => {
    const wrong = found.filter((f) => !allowed(f)).map((f) => `${f.file}:${f.line} ${f.declaration}`);
    expect(wrong).toEqual([]);
  });

  it("keep no exception that is no longer used", () => {
    const stale = ALLOWED.filter(
      (a) => !found.some((f) => f.file === a.file && f.declaration === a.declaration),
    );
    expect(stale).toEqual([]);
  });

  it("catch a physical side however it is written", () => {
    const sides = (css: string) => physicalDeclarations("x.css", css).map((f) => f.declaration);
    expect(
      sides(`.a { left: 0; margin-right: 4px; text-align: right; padding: 1px 2px 3px 4px; }
             .b { border-radius: 4px 0 0 4px; border-top-left-radius: 2px; float: left }`),
    ).toEqual([
      "left: 0",
      "margin-right: 4px",
      "text-align: right",
      "padding: 1px 2px 3px 4px",
      "border-radius: 4px 0 0 4px",
      "border-top-left-radius: 2px",
      "float: left",
    ]);
    expect(
      sides(`/* left: 0 */ .a { margin-inline-start: 4px; inset-inline-end: 0; text-align: start;
             padding: 1px 2px 3px; margin: 0 8px; border-radius: 8px; border-radius: 8px 8px 0 0;
             transform: translateX(-50%); }`),
    ).toEqual([]);
  });
});
