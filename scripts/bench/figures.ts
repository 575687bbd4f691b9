import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** One row of the bench table. */
export interface Figure {
  name: string;
  value: number | string;
  unit: string;
  note?: string;
}

export const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "dirabot-bench-"));

export const pct = (xs: number[], p: number) =>
  xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;
