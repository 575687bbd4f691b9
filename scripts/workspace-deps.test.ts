import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

// Each workspace declares the other workspaces it imports (`@dirabot/*`), as it does any package:
// knip (npm run lint:deps) follows those imports through node_modules' workspace links into
// files of the repository and so never reports them, missing or unused. This is that one check.
// Code that ships (a workspace's src/, tests aside) needs the package in `dependencies`; tests,
// test helpers, browser specs and scripts may take it from `devDependencies`.

const root = path.resolve(import.meta.dirname, "..");
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)"(@dirabot\/[a-z0-9-]+)/g;
const RELATIVE = /(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.\.?\/[^"']+)["']/g;
const SKIP = new Set(["node_modules", "dist", "gen", "test-results"]);
const DEV_ONLY = /(\.test\.tsx?$|\/test\/|\/e2e\/|\/scripts\/)/;

interface Manifest {
  name: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const read = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as Manifest;

function sourceFiles(dir: string, skipWorkspaces: Set<string>): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP.has(entry.name) && !entry.name.startsWith(".") && !skipWorkspaces.has(full))
        out.push(...sourceFiles(full, skipWorkspaces));
    } else if (/\.(ts|tsx|mts)$/.test(entry.name)) out.push(full);
  }
  return out;
}

function workspaceDirs(): string[] {
  const dirs: string[] = [];
  for (const pattern of read(root).workspaces ?? []) {
    if (!pattern.endsWith("/*")) dirs.push(path.join(root, pattern));
    else {
      const parent = path.join(root, pattern.slice(0, -2));
      for (const name of fs.readdirSync(parent)) dirs.push(path.join(parent, name));
    }
  }
  return dirs.filter((dir) => fs.existsSync(path.join(dir, "package.json")));
}

/** What a workspace's files import of the others: all of it, and what its shipped code needs. */
function importsOf(dir: string, others: Set<string>, self: string) {
  const all = new Set<string>();
  const shipped = new Set<string>();
  for (const file of sourceFiles(dir, others)) {
    const relative = `/${path.relative(dir, file)}`;
    for (const match of fs.readFileSync(file, "utf8").matchAll(IMPORT)) {
      const name = match[1] as string;
      if (name === self) continue;
      all.add(name);
      if (dir !== root && !DEV_ONLY.test(relative)) shipped.add(name);
    }
  }
  return { all, shipped };
}

/**
 * Relative imports that reach another package past its exports: out of a workspace, or from the
 * root (scripts/, deploy/) down into one of the workspaces.
 */
function escapes(dir: string, workspaces: Set<string>): string[] {
  const out: string[] = [];
  for (const file of sourceFiles(dir, workspaces)) {
    for (const match of fs.readFileSync(file, "utf8").matchAll(RELATIVE)) {
      const target = path.resolve(path.dirname(file), match[1] as string);
      const inside = (parent: string) => !path.relative(parent, target).startsWith("..");
      if (!inside(dir) || [...workspaces].some(inside))
        out.push(`${path.relative(root, file)} → ${match[1]}`);
    }
  }
  return out;
}

describe("workspace dependencies", () => {
  const dirs = workspaceDirs();
  const nested = new Set(dirs);
  for (const dir of [root, ...dirs]) {
    const manifest = read(dir);
    it(`${manifest.name} declares exactly the @dirabot packages it imports`, () => {
      const { all, shipped } = importsOf(dir, dir === root ? nested : new Set(), manifest.name);
      const deps = Object.keys(manifest.dependencies ?? {}).filter((d) => d.startsWith("@dirabot/"));
      const dev = Object.keys(manifest.devDependencies ?? {}).filter((d) => d.startsWith("@dirabot/"));
      const declared = new Set([...deps, ...dev]);
      expect([...all].filter((name) => !declared.has(name)).sort(), "imported, not declared").toEqual([]);
      expect(
        [...shipped].filter((name) => !deps.includes(name)).sort(),
        "shipped code needs dependencies",
      ).toEqual([]);
      expect([...declared].filter((name) => !all.has(name)).sort(), "declared, never imported").toEqual([]);
    });
    it(`${manifest.name} reaches other packages only by their names`, () => {
      expect(
        escapes(dir, dir === root ? nested : new Set()),
        "relative imports into another package",
      ).toEqual([]);
    });
  }
});
