import * as fs from "node:fs";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import type { CriticalRule } from "@dirabot/api";
import type { Logger } from "@dirabot/platform";
import type { Context, Middleware } from "koa";
import { COOKIE, type SessionCache } from "./auth/session.ts";
import type { GatewayLimits } from "./limits.ts";
import { type PageLang, pageLang } from "./page-lang.ts";
import { spend } from "./rate-limit.ts";

// A signed-in screen drawn here, for the visitor the session cookie names: the page arrives with
// the visitor's own screen and the answers its first calls would have brought (web
// src/lib/drawn.ts), so a phone paints it when the stylesheet arrives instead of after the app's
// code has downloaded and run, and sends no calls for it. The markup is the app's own, from the
// Node build of its pages (web scripts/prerender.ts); the browser adopts it when its code
// arrives. Whatever stands in the way (no such build, a service slow or away, a budget spent, a
// drawing that fails) sends the page without markup, as before: the app then draws it itself.

/** What the web build's Node module offers (web src/prerender.tsx). */
interface PagesModule {
  drawSignedIn(page: string, seed: unknown, lang?: PageLang): Promise<string | null>;
  /** The page's language: the account's `locale`, else the visitor's (cookie, Accept-Language). */
  drawnLang?(seed: unknown, fallback: PageLang): PageLang;
  criticalCss(rules: readonly CriticalRule[], markup: string): string;
  SEED_ID: string;
}

/**
 * Per path, the screen's first answers for a signed-in visitor (k.state.user and sessionId are
 * set), or null when the screen is not to be drawn for them.
 */
export type Seeds = Record<string, (k: Context) => Promise<unknown>>;

/**
 * Past this the page goes without markup: its first paint must not wait long for a slow service.
 * Not shorter: the app would then ask the same services itself, a round trip later (0.56 s on a
 * phone's slow network), and a loaded machine's services answer in a few hundred ms.
 */
const DEADLINE_MS = 1000;
const ROOT = '<div id="root"></div>';
/** Where the shell takes the page's inline rules (web scripts/critical-css.ts). */
const CRITICAL_SLOT = "<!--critical-css-->";

export function drawnPages(opts: {
  webDist: string;
  sessions: SessionCache;
  limits: GatewayLimits;
  seeds: Seeds;
  log: Logger;
  deadlineMs?: number;
}): Middleware {
  const dist = path.resolve(opts.webDist);
  const file = path.join(`${dist}-server`, "pages.mjs");
  const deadline = opts.deadlineMs ?? DEADLINE_MS;
  let module: Promise<PagesModule | null> | undefined;
  // Loaded with the first page drawn, not at start: a gateway nobody signs in to keeps its memory.
  const load = () =>
    (module ??= fs.existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<PagesModule>).catch((err) => {
          opts.log.warn(
            { err, file },
            "the web build's pages for Node did not load: pages go without markup",
          );
          return null;
        })
      : Promise.resolve(null));
  // index.html with its stylesheets after the markup, and each built stylesheet's rules: the page
  // paints from the rules its markup needs, inline, before the stylesheets have arrived.
  const index = builtFile(path.join(`${dist}-server`, "shell.html"));
  const rules = parsedFile(path.join(`${dist}-server`, "critical.json"));
  const styles = builtFile(path.join(dist, "route-styles.json"));

  return async (k, next) => {
    const page = k.path;
    const seedOf = Object.hasOwn(opts.seeds, page) ? opts.seeds[page] : undefined;
    const token = k.cookies.get(COOKIE);
    if (k.method !== "GET" || !seedOf || !token) return next();
    const html = await drawFor(k, token, seedOf).catch((err) => {
      opts.log.warn({ err, path: page }, "a page could not be drawn: sent without markup");
      return null;
    });
    if (!html) return next();
    k.type = "text/html; charset=utf-8";
    // The visitor's own data: never kept by a cache between them and us, nor reused for another.
    k.set("Cache-Control", "private, no-store");
    k.vary("Cookie");
    k.vary("Accept-Language");
    k.body = html;
  };

  async function drawFor(k: Context, token: string, seedOf: (k: Context) => Promise<unknown>) {
    const shell = index();
    if (!shell?.includes(ROOT) || !shell.includes(CRITICAL_SLOT)) return null;
    const seed = await within(deadline, async () => {
      const session = await opts.sessions.session(token);
      if (!session || session.user.isBanned) return null;
      // A drawn page stands for the calls it saves, and costs its account as one.
      await spend(opts.limits.account, session.user.id);
      k.state.user = session.user;
      k.state.sessionId = session.sessionId;
      k.state.token = token;
      return seedOf(k);
    });
    if (seed === null) return null;
    // The module's first load (~0.1–0.3 s) is not held against the deadline: it happens once.
    const mod = await load();
    if (!mod) return null;
    const lang = mod.drawnLang?.(seed, pageLang(k)) ?? pageLang(k);
    const markup = await mod.drawSignedIn(k.path, seed, lang);
    if (!markup) return null;
    const screen = stylesOf(styles(), k.path);
    // The shell's stylesheets, then the screen's, as the page links them: the cascade's order.
    const built = (rules() ?? {}) as { linked?: string[]; rules?: Record<string, CriticalRule[]> };
    const sheets = [...(built.linked ?? []), ...screen];
    const css = mod.criticalCss(
      sheets.flatMap((f) => built.rules?.[f] ?? []),
      markup,
    );
    return drawnHtml(shell, markup, mod.SEED_ID, seed, screen, css, lang);
  }
}

/**
 * The built page with a drawn screen: the rules its markup needs inline in the head (`css`), its
 * stylesheets beyond the first download's linked after the markup with the first download's (the
 * code runs once they are in, as before; without them the app's later elements would be
 * unstyled); `lang` its language (`<html lang dir>`); `data-drawn` on <html> tells the page's start script that the first calls' answers
 * are in the page (web scripts/route-preloads.ts), on #root that the markup is the gateway's (web
 * src/main.tsx); the answers follow as JSON, which no browser runs.
 */
export function drawnHtml(
  shell: string,
  markup: string,
  seedId: string,
  seed: unknown,
  styles: string[] = [],
  css = "",
  lang: PageLang = "en",
): string {
  // "<" escaped: no text in the answers (a bot's name) can close the element or open another.
  const json = JSON.stringify(seed).replace(/</g, "\\u003c");
  // As the router's loader asks for them (crossorigin): it then finds them and links none again.
  const links = styles.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`).join("");
  return (
    shell
      .replace(/<html\b[^>]*>/, `<html data-drawn lang="${lang}" dir="${lang === "he" ? "rtl" : "ltr"}">`)
      // The build's rules never hold "</style" (no selector or value of ours does); guarded anyway.
      .replace(CRITICAL_SLOT, () => `<style>${css.replace(/<\/style/gi, "<\\/style")}</style>`)
      .replace("</body>", () => `${links}</body>`)
      .replace(
        ROOT,
        () =>
          `<div id="root" data-drawn>${markup}</div><script type="application/json" id="${seedId}">${json}</script>`,
      )
  );
}

/** A path's stylesheets from the build's list (web scripts/route-preloads.ts); none if it is unreadable. */
export function stylesOf(list: string | null, page: string): string[] {
  try {
    const files = (JSON.parse(list ?? "{}") as Record<string, unknown>)[page];
    return Array.isArray(files) ? files.filter((f) => typeof f === "string" && ASSET.test(f)) : [];
  } catch {
    return [];
  }
}
const ASSET = /^assets\/[\w.-]+\.css$/;

/** A JSON file of the build, parsed again when it changes; null while there is none or it is not JSON. */
function parsedFile(file: string): () => unknown {
  const text = builtFile(file);
  let parsedFrom: string | null = null;
  let value: unknown = null;
  return () => {
    const now = text();
    if (now !== parsedFrom) {
      parsedFrom = now;
      try {
        value = now === null ? null : JSON.parse(now);
      } catch {
        value = null;
      }
    }
    return value;
  };
}

/** A file of the build, read again when it changes; null while there is none. */
function builtFile(file: string): () => string | null {
  let read = -1;
  let text: string | null = null;
  return () => {
    try {
      const mtime = fs.statSync(file).mtimeMs;
      if (mtime !== read) {
        text = fs.readFileSync(file, "utf8");
        read = mtime;
      }
    } catch {
      text = null;
      read = -1;
    }
    return text;
  };
}

/** `work`'s result, or null once `ms` have passed (the work's late answer is dropped). */
async function within<T>(ms: number, work: () => Promise<T | null>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  const done = work();
  done.catch(() => undefined); // a failure after the deadline is of no one's concern
  try {
    return await Promise.race([done, late]);
  } finally {
    clearTimeout(timer);
  }
}
