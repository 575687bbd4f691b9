import { describe, expect, it } from "vitest";
import {
  type BuiltChunk,
  type Bundle,
  firstCatalogues,
  preloadScript,
  preloadsOf,
} from "./route-preloads.ts";

const chunk = (
  fileName: string,
  facade: string | null,
  imports: string[],
  css: string[] = [],
  isEntry = false,
) =>
  ({
    type: "chunk",
    fileName,
    facadeModuleId: facade,
    isEntry,
    imports,
    viteMetadata: { importedCss: new Set(css) },
  }) satisfies BuiltChunk;

const bundle: Bundle = {
  "assets/index.js": chunk(
    "assets/index.js",
    "/web/index.html",
    ["assets/react.js"],
    ["assets/index.css"],
    true,
  ),
  "assets/react.js": chunk("assets/react.js", null, []),
  "assets/Shell.js": chunk(
    "assets/Shell.js",
    "/web/src/app/Shell.tsx",
    ["assets/react.js", "assets/popover.js"],
    ["assets/Shell.css"],
  ),
  "assets/popover.js": chunk("assets/popover.js", null, ["assets/react.js"]),
  "assets/Bots.js": chunk(
    "assets/Bots.js",
    "/web/src/bots/Bots.tsx",
    ["assets/popover.js"],
    ["assets/Bots.css"],
  ),
  "assets/index.css": { type: "asset", fileName: "assets/index.css" },
};

describe("a signed-in screen's code asked for as the page starts", () => {
  it("lists each path's chunks, what they import and their CSS, without what the entry loads", () => {
    expect(preloadsOf(bundle, { "/bots": ["app/Shell.tsx", "bots/Bots.tsx"] })).toEqual({
      "/bots": [
        "assets/Shell.js",
        "assets/Shell.css",
        "assets/popover.js",
        "assets/Bots.js",
        "assets/Bots.css",
      ],
    });
  });

  it("fails the build when a named screen has no chunk (renamed or no longer lazy)", () => {
    expect(() => preloadsOf(bundle, { "/chats": ["chats/Chats.tsx"] })).toThrow(
      "route-preloads: no chunk is built for chats/Chats.tsx (/chats)",
    );
  });

  it("preloads a signed-in visitor's path (a chat's as the chats'), nothing for anyone else, and marks the session", () => {
    const routes = { "/bots": ["assets/Bots.js", "assets/Bots.css"], "/chats": ["assets/Chats.js"] };
    const run = (pathname: string, token: string | null) => {
      const links: { rel: string; as?: string; crossOrigin?: string; href?: string }[] = [];
      const window = { localStorage: { getItem: () => token }, location: { pathname } };
      const dataset: Record<string, string> = {};
      const document = {
        createElement: () => ({}) as { rel: string },
        head: { appendChild: (l: { rel: string }) => links.push(l) },
        documentElement: { dataset },
      };
      new Function("window", "document", preloadScript(routes))(window, document);
      // The stored session is marked for the stylesheet (the written /login hidden from it).
      expect("session" in dataset).toBe(token !== null);
      return links;
    };
    expect(run("/bots/", "a-token")).toEqual([
      { rel: "modulepreload", href: "/assets/Bots.js" },
      { rel: "preload", as: "style", crossOrigin: "", href: "/assets/Bots.css" },
    ]);
    expect(run("/chats/3f1c", "a-token")).toEqual([{ rel: "modulepreload", href: "/assets/Chats.js" }]);
    expect(run("/bots", null)).toEqual([]);
    expect(run("/admin/bots", "a-token")).toEqual([]);
  });

  it("on a page the gateway drew, asks for the screen's code but sends none of its first calls", () => {
    const routes = { "/bots": ["assets/Bots.js"] };
    const run = (token: string | null, drawn: boolean) => {
      const links: unknown[] = [];
      const window: Record<string, unknown> = {
        localStorage: { getItem: () => token },
        location: { pathname: "/bots" },
      };
      const document = {
        createElement: () => ({}),
        head: { appendChild: (l: unknown) => links.push(l) },
        documentElement: { dataset: drawn ? { drawn: "" } : {} },
      };
      new Function("window", "document", preloadScript(routes, { "/bots": ["/api/requests"] }))(
        window,
        document,
      );
      return { links, calls: Object.keys((window.__dirabotFirst as object | undefined) ?? {}) };
    };
    // Its answers are in the page; the cookie it was drawn for may be all the browser has.
    expect(run("a-token", true)).toEqual({
      links: [{ rel: "modulepreload", href: "/assets/Bots.js" }],
      calls: [],
    });
    expect(run(null, true)).toEqual({
      links: [{ rel: "modulepreload", href: "/assets/Bots.js" }],
      calls: [],
    });
    expect(run("a-token", false).calls).toHaveLength(3);
  });

  it("asks every visitor for the first catalogues of the language the app will start in", () => {
    const catalogues = {
      en: ["assets/common-e.js", "assets/auth-e.js"],
      he: ["assets/common-h.js", "assets/auth-h.js"],
    };
    const run = (page: { lang: string; drawn?: boolean }, stored: string | null, languages: string[]) => {
      const links: { rel: string; href?: string }[] = [];
      const window = {
        localStorage: { getItem: (k: string) => (k === "lang" ? stored : null) },
        location: { pathname: "/login" },
      };
      const document = {
        createElement: () => ({}) as { rel: string },
        head: { appendChild: (l: { rel: string }) => links.push(l) },
        documentElement: { lang: page.lang, dataset: page.drawn ? { drawn: "" } : {} },
      };
      new Function("window", "document", "navigator", preloadScript({}, {}, catalogues))(window, document, {
        languages,
      });
      return links.map((l) => `${l.rel} ${l.href}`);
    };
    const he = ["modulepreload /assets/common-h.js", "modulepreload /assets/auth-h.js"];
    const en = ["modulepreload /assets/common-e.js", "modulepreload /assets/auth-e.js"];
    expect(run({ lang: "en" }, null, ["he-IL", "en"])).toEqual(he);
    expect(run({ lang: "en" }, null, ["en-US", "he"])).toEqual(en);
    expect(run({ lang: "en" }, "he", ["en-US"])).toEqual(he);
    expect(run({ lang: "en" }, "en", ["he-IL"])).toEqual(en);
    // A page written or drawn in a language is adopted in it.
    expect(run({ lang: "he" }, "en", ["en-US"])).toEqual(he);
    expect(run({ lang: "en", drawn: true }, "he", ["he-IL"])).toEqual(en);
  });

  it("finds each language's first catalogues among the built chunks", () => {
    const chunk = (fileName: string, facadeModuleId: string | null): BuiltChunk => ({
      type: "chunk",
      fileName,
      facadeModuleId,
      isEntry: false,
      imports: [],
    });
    const bundle: Bundle = {
      a: chunk("assets/common-1.js", "/w/src/i18n/locales/en/common.json"),
      b: chunk("assets/auth-2.js", "/w/src/i18n/locales/he/auth.json"),
      c: chunk("assets/bots-3.js", "/w/src/i18n/locales/he/bots.json"),
      d: chunk("assets/common-4.js", "/w/src/i18n/locales/he/common.json"),
      e: chunk("assets/index.js", "/w/src/main.tsx"),
    };
    expect(firstCatalogues(bundle)).toEqual({
      en: ["assets/common-1.js"],
      he: ["assets/auth-2.js", "assets/common-4.js"],
    });
  });
});
