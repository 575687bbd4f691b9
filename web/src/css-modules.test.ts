import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Every component's styles are a CSS Module next to it, typed by the X.module.d.css.ts that
// typed-css-modules writes; a misspelt class then fails the type check, but only while those typings
// match the CSS. This keeps them matching, and keeps the rest of the styles from growing back into
// global sheets.
const web = join(import.meta.dirname, "..");
const src = join(web, "src");
const COMMAND = "npm run css:types";
/**
 * The sheets that are global on purpose: the page itself (its background per theme, font smoothing)
 * and the right-to-left restatement of Blueprint's and OpenLayers' sides.
 */
const GLOBAL_SHEETS = ["app/global.css", "app/rtl.css"];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe("the SPA's stylesheets", () => {
  const files = filesUnder(src).map((file) => relative(src, file));

  it(`have typings that match their classes (run \`${COMMAND}\` when this fails)`, () => {
    const tcm = join(web, "..", "node_modules", ".bin", "tcm");
    const run = spawnSync(
      tcm,
      ["--allowArbitraryExtensions", "--listDifferent", "--pattern", "src/**/*.module.css"],
      { cwd: web, encoding: "utf8" },
    );
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
    const orphans = files.filter(
      (file) =>
        file.endsWith(".module.d.css.ts") && !existsSync(join(src, file.replace(".d.css.ts", ".css"))),
    );
    expect(orphans, `typings without a stylesheet: delete them`).toEqual([]);
  });

  it("are CSS Modules, apart from the page's own global sheet", () => {
    const global = files.filter(
      (file) => file.endsWith(".css") && !file.endsWith(".module.css") && !GLOBAL_SHEETS.includes(file),
    );
    expect(global).toEqual([]);
  });
});
