import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";

const web = path.resolve(import.meta.dirname, "..");
/** Where the app's markup goes in index.html. */
const ROOT = '<div id="root"></div>';

interface PrerenderModule {
  prerender: (page: string) => string;
  PRERENDERED_PATHS: readonly string[];
}

/**
 * Writes each page the app draws ahead (PRERENDERED_PATHS, src/lib/prerendered.ts) as
 * `<path>.html` beside the built index.html: the same document with the page's markup in #root. The
 * markup comes from the app's own source (src/prerender.tsx), bundled for Node by Vite with the
 * browser build's config (so CSS modules' class names are the same) into a folder that is removed
 * afterwards. The gateway serves the page for its path (gateway/src/static.ts). Throws when the
 * markup names a class the built stylesheets lack: hydration would keep it, unstyled, silently.
 */
export async function prerenderPages(dist: string): Promise<string[]> {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "dirabot-prerender-"));
  try {
    await build({
      root: web,
      configFile: path.join(web, "vite.config.ts"),
      logLevel: "warn",
      // Everything bundled: node_modules holds a second React (18, for Blueprint's react-popper
      // peer range), and only the bundler's dedupe keeps the app on one.
      ssr: { noExternal: true },
      build: {
        ssr: "src/prerender.tsx",
        outDir: out,
        emptyOutDir: true,
        sourcemap: false,
        // One file whose exports are what this script calls (the browser build splits its code
        // and drops the entry's exports).
        rolldownOptions: {
          preserveEntrySignatures: "exports-only",
          output: { entryFileNames: "prerender.mjs", codeSplitting: false },
        },
      },
    });
    const mod = (await import(pathToFileURL(path.join(out, "prerender.mjs")).href)) as PrerenderModule;
    const shell = fs.readFileSync(path.join(dist, "index.html"), "utf8");
    if (!shell.includes(ROOT)) throw new Error(`index.html lacks ${ROOT}`);
    const css = builtCss(dist);
    return mod.PRERENDERED_PATHS.map((page) => {
      const markup = mod.prerender(page);
      checkClasses(page, markup, css);
      const file = path.join(dist, `${page.replace(/^\//, "")}.html`);
      // `data-written` marks the markup as the build's until the app has drawn (src/main.tsx).
      fs.writeFileSync(file, shell.replace(ROOT, `<div id="root" data-written>${markup}</div>`));
      return file;
    });
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

function builtCss(dist: string): string {
  const assets = path.join(dist, "assets");
  return fs
    .readdirSync(assets)
    .filter((f) => f.endsWith(".css"))
    .map((f) => fs.readFileSync(path.join(assets, f), "utf8"))
    .join("\n");
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
