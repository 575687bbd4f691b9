import type { Plugin } from "vite";
import { type Bundle, entryFiles } from "./route-preloads.ts";

/**
 * V8's explicit compile hint (Chrome 136+): a file that starts with this comment has all its
 * functions compiled as it downloads, on a background thread, instead of each on the main thread
 * the first time it is called. The first download's files (the entry and what it imports
 * statically: React, the router, the client, the sign-in page) are almost all called before the
 * first paint, so they carry it; chunks loaded later do not. Other browsers read a comment.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** What of an emitted source map this plugin moves: one line down, for the hint's line. */
interface MapAsset {
  type: "asset";
  source: string | Uint8Array;
}

export function compileHints(): Plugin {
  return {
    name: "dirabot-compile-hints",
    apply: "build",
    // The browser's bundle only, not the build's prerender of pages (scripts/prerender.ts).
    applyToEnvironment: (environment) => environment.name === "client",
    enforce: "post",
    generateBundle: {
      // After Vite's own (its import analysis puts a helper at the top of the entry): the hint
      // must be the file's first line.
      order: "post",
      handler(_options, output) {
        const bundle = output as unknown as Bundle;
        for (const file of entryFiles(bundle)) {
          const chunk = output[file];
          if (chunk?.type !== "chunk" || chunk.code.startsWith(COMPILE_HINT)) continue;
          chunk.code = COMPILE_HINT + chunk.code;
          // Its source map, which Vite has already emitted beside it, starts a line later.
          const map = output[`${file}.map`] as MapAsset | undefined;
          if (map?.type !== "asset") continue;
          const json = JSON.parse(
            typeof map.source === "string" ? map.source : new TextDecoder().decode(map.source),
          );
          json.mappings = `;${json.mappings}`;
          map.source = JSON.stringify(json);
        }
      },
    },
  };
}
