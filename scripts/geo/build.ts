import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { buildOutputs } from "./outputs.ts";
import { readSources } from "./sources.ts";

/**
 * `npm run geo`: derives the served boundary files and the neighbourhood table from the raw
 * data in /work/shared/data/geo (see scripts/geo/README.md for what comes from where).
 *   --src DIR   the raw data (default $GEO_SOURCE_DIR or /work/shared/data/geo)
 *   --out DIR   where to write, as the repository's layout (default: this repository)
 */
export const DEFAULT_SOURCE_DIR = process.env.GEO_SOURCE_DIR ?? "/work/shared/data/geo";
const root = path.resolve(import.meta.dirname, "../..");

export function build(src: string, out: string): { written: Record<string, number>; unmatched: string[] } {
  const { files, unmatched } = buildOutputs(readSources(src));
  const written: Record<string, number> = {};
  for (const [rel, text] of Object.entries(files)) {
    const p = path.join(out, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, text);
    written[rel] = Buffer.byteLength(text);
  }
  return { written, unmatched };
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { src: { type: "string" }, out: { type: "string" } } });
  const { written, unmatched } = build(values.src ?? DEFAULT_SOURCE_DIR, values.out ?? root);
  for (const [rel, bytes] of Object.entries(written))
    console.log(`${(bytes / 1024).toFixed(0).padStart(6)} KB  ${rel}`);
  if (unmatched.length) console.log(`own codes where the city has Yad2 ids: ${unmatched.join("; ")}`);
}
