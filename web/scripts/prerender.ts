import * as fs from "node:fs";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { exampleBot } from "@dirabot/api";
import { build } from "vite";
import type { Lang } from "../src/i18n/index.ts";
import { criticalCss } from "../src/lib/critical.ts";
import type { DrawnSeed } from "../src/lib/drawn.ts";
import { CRITICAL_SLOT, criticalRules, criticalShell } from "./critical-css.ts";

const web = path.resolve(import.meta.dirname, "..");
/** Where the app's markup goes in index.html. */
const ROOT = '<div id="root"></div>';

interface PagesModule {
  prerender: (page: string, lang?: Lang) => Promise<string>;
  LANGUAGES: readonly Lang[];
  dirOf: (lang: Lang) => string;
  PRERENDERED_PATHS: readonly string[];
  drawSignedIn: (page: string, seed: DrawnSeed) => Promise<string | null>;
  DRAWN_PATHS: readonly string[];
}

/** The app's pages for Node (src/prerender.tsx), built beside the browser's build: `<dist>-server/pages.mjs`. */
export const pagesModule = (dist: string): string => path.join(`${dist}-server`, "pages.mjs");

/**
 * Builds the app's pages for Node (src/prerender.tsx) with Vite, with the browser build's config
 * (so CSS modules' class names are the same), into `<dist>-server` (never served): the gateway
 * draws a signed-in page with it on request (gateway/src/pages.ts), into `shell.html` beside it
 * (index.html with its stylesheets after the markup and a slot for inline rules), picking those
 * rules from `critical.json` (each built stylesheet's rules, scripts/critical-css.ts). Then writes
 * each page the app draws ahead (PRERENDERED_PATHS, src/lib/prerendered.ts) as `<path>.html`
 * beside the built index.html: that shell with the page's markup in #root and its inline rules,
 * in English, and as `<path>.<lang>.html` in every other language (with `<html lang dir>`): the
 * gateway serves the visitor's for its path (gateway/src/static.ts). Throws when the markup of a page written ahead, or of a signed-in
 * page drawn for a sample visitor, names a class the built stylesheets lack: the browser would
 * adopt it unstyled, silently.
 */
export async function prerenderPages(dist: string): Promise<string[]> {
  const file = pagesModule(dist);
  await build({
    root: web,
    configFile: path.join(web, "vite.config.ts"),
    logLevel: "warn",
    // Everything bundled: node_modules holds a second React (18, for Blueprint's react-popper
    // peer range), and only the bundler's dedupe keeps the app on one. The gateway's image keeps
    // no web dependencies either.
    ssr: { noExternal: true },
    // public/ is the browser's: the gateway serves it from the browser's build.
    publicDir: false,
    build: {
      ssr: "src/prerender.tsx",
      outDir: path.dirname(file),
      emptyOutDir: true,
      sourcemap: false,
      // One file whose exports are what this script and the gateway call (the browser build
      // splits its code and drops the entry's exports).
      rolldownOptions: {
        preserveEntrySignatures: "exports-only",
        // Each screen in a chunk of its own, as in the browser: a gateway that draws My Bots loads
        // the shell's and My Bots' code, not the map's or the admin screens' (far less memory).
        output: {
          entryFileNames: path.basename(file),
          chunkFileNames: "[name]-[hash].mjs",
          codeSplitting: true,
          strictExecutionOrder: false,
        },
      },
    },
  });
  const mod = (await import(pathToFileURL(file).href)) as PagesModule;
  const index = fs.readFileSync(path.join(dist, "index.html"), "utf8");
  if (!index.includes(ROOT)) throw new Error(`index.html lacks ${ROOT}`);
  // Pages drawn ahead paint from inline rules, their stylesheets after the markup
  // (src/lib/critical.ts): the gateway's page, and each stylesheet's rules to pick from.
  const shell = criticalShell(index);
  const rules = Object.fromEntries(
    builtCssFiles(dist).map((f) => [f, criticalRules(fs.readFileSync(path.join(dist, f), "utf8"))]),
  );
  fs.writeFileSync(path.join(`${dist}-server`, "shell.html"), shell);
  const linked = linkedCss(shell);
  fs.writeFileSync(path.join(`${dist}-server`, "critical.json"), JSON.stringify({ linked, rules }));
  const entryRules = linked.flatMap((f) => rules[f] ?? []);
  const css = builtCss(dist);
  for (const page of mod.DRAWN_PATHS) {
    const markup = await mod.drawSignedIn(page, SAMPLE);
    if (!markup) throw new Error(`the app does not draw ${page} for a signed-in visitor`);
    checkClasses(page, markup, css);
  }
  const written: string[] = [];
  for (const page of mod.PRERENDERED_PATHS) {
    for (const lang of mod.LANGUAGES) {
      const markup = await mod.prerender(page, lang);
      checkClasses(page, markup, css);
      const name = page.replace(/^\//, "") + (lang === "en" ? "" : `.${lang}`);
      const file = path.join(dist, `${name}.html`);
      // `data-written` marks the markup as the build's until the app has drawn (src/main.tsx).
      const style = `<style>${criticalCss(entryRules, markup)}</style>`;
      fs.writeFileSync(
        file,
        withLang(shell, lang, mod.dirOf(lang))
          .replace(CRITICAL_SLOT, () => style)
          .replace(ROOT, () => `<div id="root" data-written>${markup}</div>`),
      );
      written.push(file);
    }
  }
  return written;
}

/** The page with `<html lang dir>` of `lang` (index.html's is English, left to right). */
export function withLang(html: string, lang: string, dir: string): string {
  return html.replace(/<html\b[^>]*>/, `<html lang="${lang}" dir="${dir}">`);
}

/** A visitor with one bot, whose page the build draws to check its classes. */
const SAMPLE: DrawnSeed = {
  user: {
    _id: "u1",
    firstname: "Dana",
    lastname: "Levi",
    fullname: "Dana Levi",
    email: "dana@example.com",
    avatar: "",
    roles: ["user"],
    isBanned: false,
    bannedReason: "",
    oauthProvider: "none",
    createdAt: "2026-01-01T00:00:00.000Z",
    telegram: { linked: false, username: "" },
    notify: { telegramMatches: true, quietHours: null },
  },
  bots: [exampleBot],
};

/** The built stylesheets, as the pages name them ("assets/x.css"). */
function builtCssFiles(dist: string): string[] {
  return fs
    .readdirSync(path.join(dist, "assets"))
    .filter((f) => f.endsWith(".css"))
    .map((f) => `assets/${f}`);
}

function builtCss(dist: string): string {
  return builtCssFiles(dist)
    .map((f) => fs.readFileSync(path.join(dist, f), "utf8"))
    .join("\n");
}

/** The stylesheets a page links, in order ("assets/x.css"). */
function linkedCss(html: string): string[] {
  return [...html.matchAll(/<link rel="stylesheet"[^>]* href="\/(assets\/[^"]+\.css)"/g)].map(
    (m) => m[1] ?? "",
  );
}

/** Every class in the markup that is a CSS module's (`name_hash5`) is in the built stylesheets. */
export function checkClasses(page: string, markup: string, css: string): void {
  const classes = new Set(
    [...markup.matchAll(/class="([^"]*)"/g)]
      .flatMap((m) => (m[1] ?? "").split(/\s+/))
      .filter((c) => /_[\w-]{5}$/.test(c)),
  );
  const missing = [...classes].filter((c) => !css.includes(`.${c}`));
  if (missing.length > 0)
    throw new Error(
      `the prerendered ${page} names classes the build has no style for: ${missing.join(", ")}`,
    );
}
