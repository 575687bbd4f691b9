import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";

/**
 * What `npm start`'s build check compares: the names, sizes and times of the build's inputs,
 * hashed. Reading them costs milliseconds, so an unchanged tree is known without loading the
 * platform or any tool.
 */

/** Each file at or under `p` as "path size mtime", skipping what the build writes or never reads. */
function listing(p: string, out: string[] = []): string[] {
  const s = fs.statSync(p, { throwIfNoEntry: false });
  if (!s) return out;
  if (!s.isDirectory()) {
    out.push(`${p} ${s.size} ${s.mtimeMs}`);
    return out;
  }
  for (const e of fs.readdirSync(p)) {
    if (e === "node_modules" || e.startsWith("dist") || e === "e2e") continue;
    listing(path.join(p, e), out);
  }
  return out;
}

/** The newest time among the web app's sources. */
export function newestWebSource(root: string): number {
  return Math.max(0, ...listing(path.join(root, "web")).map((l) => Number(l.split(" ").at(-1))));
}

/**
 * The web app's sources; and what the database templates are made from (migrations, service
 * modules, the database code, PGlite's version) unless a PostgreSQL server makes them moot.
 * `extra` names more files: the build script and the service list.
 */
export function buildStamp(root: string, withTemplates: boolean, extra: string[] = []): string {
  const services = fs.readdirSync(path.join(root, "services")).map((s) => path.join(root, "services", s));
  const templates = withTemplates
    ? [
        ...services.flatMap((s) => [
          ...listing(path.join(s, "migrations")),
          ...listing(path.join(s, "src/module.ts")),
        ]),
        ...listing(path.join(root, "services/platform/src/db")),
        ...listing(path.join(root, "node_modules/@electric-sql/pglite/package.json")),
      ]
    : [];
  const inputs = [...listing(path.join(root, "web")), ...templates, ...extra.flatMap((f) => listing(f))];
  return createHash("sha256")
    .update(`${withTemplates}\n${inputs.join("\n")}`)
    .digest("hex");
}

/** Where the stamp of the last build is kept, beside the compile cache. */
export const stampFile = (root: string): string => path.join(root, "node_modules/.cache/dirabot/build-stamp");

/** The stamp of this tree for this run: the extras are the build script and the service list. */
export const currentStamp = (root: string): string =>
  buildStamp(root, !process.env.DATABASE_URL, [
    path.join(root, "scripts/build.ts"),
    path.join(root, "scripts/product/services.ts"),
  ]);

/** Whether the SPA is built and the stamp of the last build matches the tree. */
export function builtFresh(root: string): boolean {
  const file = stampFile(root);
  return (
    fs.existsSync(path.join(root, "web/dist/index.html")) &&
    fs.existsSync(file) &&
    fs.readFileSync(file, "utf8") === currentStamp(root)
  );
}
