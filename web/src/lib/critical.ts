// The stylesheet rules a page drawn ahead needs for its first paint (the sign-in page the build
// writes, a screen the gateway draws), put inline in its head: the page then paints when the
// document has arrived instead of when the stylesheets have, which share a phone's line with
// the code. The full stylesheets still load, after the markup, and hold the app's code until they
// are in (web scripts/critical-css.ts moves them). Pure: the build and the gateway both call it.

import type { CriticalRule } from "@dirabot/api";

/** The classes the head's start script may put on the page before any code runs (the dark theme's). */
const BEFORE_CODE = ["bp6-dark"];

/**
 * The rules that may apply to `markup`: each with a selector whose every class is on some element
 * of it (a superset: where elements sit is not checked), wrapped in their at-rules, in order.
 */
export function criticalCss(rules: readonly CriticalRule[], markup: string): string {
  const present = new Set(BEFORE_CODE);
  for (const m of markup.matchAll(/\sclass="([^"]*)"/g))
    for (const c of (m[1] ?? "").split(/\s+/)) if (c) present.add(unescapeAttr(c));
  let out = "";
  let open: string[] = [];
  for (const [at, needs, css] of rules) {
    if (!needs.some((classes) => classes.every((c) => present.has(c)))) continue;
    // Close the at-rules this rule is not in, open the ones it is in and were not open.
    let same = 0;
    while (same < open.length && same < at.length && open[same] === at[same]) same++;
    out += "}".repeat(open.length - same);
    for (const a of at.slice(same)) out += `${a}{`;
    open = at;
    out += css;
  }
  return out + "}".repeat(open.length);
}

/** A class as the markup escapes it (React escapes &, <, >, ", '), as the stylesheet names it. */
function unescapeAttr(s: string): string {
  return s.includes("&")
    ? s.replace(
        /&(amp|lt|gt|quot|#x27|#39);/g,
        (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"' })[e] ?? "'",
      )
    : s;
}
