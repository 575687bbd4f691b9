import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The features' boundaries: a feature reaches another only through that feature's `index.ts` (its
 * public face), never into its files; what several features share lives in `lib/` or
 * `components/`. Checked over every static and dynamic import of every file under `features/`.
 */
const features = import.meta.dirname;

function* sources(dir: string): Generator<string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* sources(p);
    else if (/\.(ts|tsx)$/.test(e.name)) yield p;
  }
}

const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)"(\.{1,2}\/[^"]+)"/g;

/** Every relative import of a feature's file that lands inside another feature, not at its index. */
function crossings(): string[] {
  const found: string[] = [];
  for (const file of sources(features)) {
    const own = path.relative(features, file).split(path.sep)[0];
    for (const m of fs.readFileSync(file, "utf8").matchAll(IMPORT)) {
      const target = path.relative(features, path.resolve(path.dirname(file), m[1] as string));
      const [feature, ...rest] = target.split(path.sep);
      if (target.startsWith("..") || feature === own || rest.length === 0) continue;
      if (rest.join("/") !== "index.ts") found.push(`${path.relative(features, file)} → ${target}`);
    }
  }
  return found;
}

describe("the features' boundaries", () => {
  it("lets a feature import another only through its index.ts", () => {
    expect(crossings()).toEqual([]);
  });
});
