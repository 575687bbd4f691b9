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
  fileName: string;
  source: string | Uint8Array;
}

export function compileHints(): Plugin {
  return {
    name: "dirabot-compile-hints",
    apply: "build",
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
          // Its source map, already emitted beside it or still on the chunk, starts a line later.
          const emitted = output[`${file}.map`] as MapAsset | undefined;
          if (emitted?.type === "asset") {
            const map = JSON.parse(
              String(
                typeof emitted.source === "string"
                  ? emitted.source
                  : new TextDecoder().decode(emitted.source),
              ),
            );
            map.mappings = `;${map.mappings}`;
            emitted.source = JSON.stringify(map);
          } else if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        }
      },
    },
  };
}
