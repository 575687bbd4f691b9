import * as fs from "node:fs";
import * as path from "node:path";

/**
 * What the production image is, in one place: the buildah build (build.ts) reads it, and
 * deploy/docker/Dockerfile repeats it (a test keeps the two equal).
 */

/** The program the image runs: the composition root, relative to the repository's root. */
export const ENTRY = "scripts/product/start.ts";

export const APP_DIR = "/app";
export const NODE_PATH = "/usr/local/bin/node";
/** uid/gid 1000, named `node` as in Node's own images; the chart's podSecurityContext uses the same ids. */
export const USER = "1000:1000";
export const CMD = ["node", ENTRY];
export const PORTS = [3000, 8080];
export const ENV: Record<string, string> = {
  NODE_ENV: "production",
  DATA_DIR: "/data",
  HOME: "/tmp",
  CHROME_PATH: "/usr/bin/chromium",
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
};

export interface Workspace {
  dir: string;
  /** A workspace with a `build` script ships only its build output (the SPA's dist). */
  built: boolean;
}

/** The workspaces package.json names, its globs expanded, so a new workspace ships without edits here. */
export function workspaces(root: string): Workspace[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    workspaces: string[];
  };
  const dirs = pkg.workspaces.flatMap((w) => {
    if (!w.endsWith("/*")) return [w];
    const parent = w.slice(0, -2);
    return fs
      .readdirSync(path.join(root, parent), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => `${parent}/${e.name}`)
      .sort();
  });
  return dirs
    .filter((dir) => fs.existsSync(path.join(root, dir, "package.json")))
    .map((dir) => {
      const scripts = (
        JSON.parse(fs.readFileSync(path.join(root, dir, "package.json"), "utf8")) as {
          scripts?: Record<string, string>;
        }
      ).scripts;
      return { dir, built: Boolean(scripts?.build) };
    });
}

const LEFT_OUT_DIRS = new Set(["node_modules", "test", "tests", "e2e", "bench", "__snapshots__", ".cache"]);

/** Whether a source workspace's file runs in production: tests, fixtures, docs and .proto sources do not. */
export function ships(relative: string): boolean {
  const parts = relative.split(/[\\/]/);
  if (parts.some((p) => LEFT_OUT_DIRS.has(p) || p.startsWith("dist"))) return false;
  const name = parts.at(-1) ?? "";
  return !/\.test\.tsx?$|\.md$|\.proto$/.test(name);
}

/** The root package's files the entry needs: it and every file it imports by relative path, in turn. */
export function entryClosure(root: string, entry = ENTRY): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = fs.readFileSync(path.join(root, file), "utf8");
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*"(\.\.?\/[^"]+)"/g)) {
      visit(path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1] as string)));
    }
  };
  visit(entry);
  return [...seen].sort();
}
