import type { CriticalRule } from "@dirabot/api";
import postcss, { type AtRule, type ChildNode, type Rule } from "postcss";

// The build's side of the first paint from inline rules (src/lib/critical.ts): each built
// stylesheet as a list of rules with the classes each needs, for the build (the sign-in page it
// writes ahead) and the gateway (a screen it draws) to pick from; and the page those are drawn
// into, with its stylesheets after the markup.

/** Where a page drawn ahead gets its inline rules (index.html's head). */
export const CRITICAL_SLOT = "<!--critical-css-->";

/** At-rules whose rules are picked one by one; any other (`@keyframes`, `@font-face`) is kept whole. */
const GROUPING = new Set(["media", "supports", "layer", "container"]);

/** A stylesheet's rules, in order, each with the classes its selectors need. */
export function criticalRules(css: string): CriticalRule[] {
  const out: CriticalRule[] = [];
  const walk = (nodes: ChildNode[], at: string[]) => {
    for (const node of nodes) {
      if (node.type === "rule") out.push([at, (node as Rule).selectors.map(needs), node.toString()]);
      else if (node.type === "atrule") {
        const a = node as AtRule;
        if (GROUPING.has(a.name.toLowerCase()) && a.nodes) walk(a.nodes, [...at, `@${a.name} ${a.params}`]);
        else out.push([at, [[]], a.toString() + (a.nodes ? "" : ";")]);
      }
    }
  };
  walk(postcss.parse(css).nodes, []);
  return out;
}

/**
 * The classes an element must carry somewhere on the page for `selector` to match anything: each
 * `.class` outside a functional pseudo-class (`:not(.a)`, `:is(.a, .b)`, `:has(…)`), whose
 * classes are never all required. Keeping more than needed is safe; less is not.
 */
export function needs(selector: string): string[] {
  let s = selector;
  for (let before = ""; before !== s; ) {
    before = s;
    s = s.replace(/:{1,2}[\w-]+\([^()]*\)/g, "");
  }
  // A class name as CSS writes it: escapes (`\:`) are part of it.
  return [...s.matchAll(/\.((?:[\w-]|\\.)+)/g)].map((m) => (m[1] ?? "").replace(/\\(.)/g, "$1"));
}

/**
 * index.html for the pages drawn ahead: its stylesheet links moved from the head to the end of
 * the body (preloaded where they were), and the slot for the inline rules. A stylesheet after the markup
 * holds no paint of what comes before it, and the parser waits for it there, so the app's
 * deferred code still runs only once the full stylesheets are in. Throws if there is none.
 */
export function criticalShell(html: string): string {
  const LINK = /<link rel="stylesheet"([^>]*)>/g;
  const links = [...html.matchAll(LINK)].map((m) => m[0]);
  if (links.length === 0) throw new Error("critical-css: index.html links no stylesheet");
  return (
    html
      // Asked for where they were, as early as before: found only at the end of the markup, they
      // would wait behind the images and code for one of HTTP/1.1's six connections.
      .replace(LINK, '<link rel="preload" as="style"$1>')
      .replace("</head>", () => `${CRITICAL_SLOT}\n  </head>`)
      .replace("</body>", () => `${links.join("")}\n  </body>`)
  );
}
