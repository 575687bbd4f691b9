import * as fs from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";

/**
 * A new embedded database starts as a copy of a never-used cluster instead of running initdb in
 * DATA_DIR. initdb under WebAssembly takes seconds and leaves its own WebAssembly memory in the
 * process for good; copying a closed, empty cluster takes a fraction of a second. The template is made once
 * per PGlite version, by `npm start`'s build step or by the first start that finds none, in the
 * repository's own cache folder (never a shared temporary folder another user could write to).
 */
/** Where this PGlite version's template lives, or undefined when there is no writable cache. */
export function templatePath(): string | undefined {
  try {
    // The package's folder, from its entry point (its exports do not include package.json).
    let dir = path.dirname(fileURLToPath(import.meta.resolve("@electric-sql/pglite")));
    while (!fs.existsSync(path.join(dir, "package.json"))) dir = path.dirname(dir);
    const pkg = path.join(dir, "package.json");
    const version = (JSON.parse(fs.readFileSync(pkg, "utf8")) as { version: string }).version;
    // …/node_modules/@electric-sql/pglite → …/node_modules/.cache/dirabot
    const cache = path.resolve(dir, "../../.cache/dirabot");
    return path.join(cache, `pglite-${version}`);
  } catch {
    return undefined;
  }
}

/** The template's cluster folder, made now if missing; undefined when it cannot be made here. */
export async function clusterTemplate(): Promise<string | undefined> {
  const home = templatePath();
  if (!home) return undefined;
  const cluster = path.join(home, "cluster");
  if (fs.existsSync(path.join(home, "ready"))) return cluster;
  // Made aside and renamed into place whole: processes starting together (test workers) each
  // make one, the first rename wins, and nobody ever copies a half-made template.
  let work: string | undefined;
  try {
    fs.mkdirSync(path.dirname(home), { recursive: true, mode: 0o700 });
    dropAbandoned(home);
    work = fs.mkdtempSync(`${home}.making-`);
    const db = await PGlite.create(path.join(work, "cluster"));
    await db.close();
    fs.writeFileSync(path.join(work, "ready"), "");
    fs.renameSync(work, home);
    work = undefined;
  } catch {
    // Another process's template got there first (rename onto a full folder), or the cache is
    // read-only: either way, use whatever is ready, else initdb in place as before.
  } finally {
    if (work) fs.rmSync(work, { recursive: true, force: true });
  }
  return fs.existsSync(path.join(home, "ready")) ? cluster : undefined;
}

/** A process killed while making a template leaves its folder; one older than ten minutes goes. */
function dropAbandoned(home: string): void {
  const parent = path.dirname(home);
  for (const name of fs.readdirSync(parent)) {
    if (!name.startsWith(`${path.basename(home)}.making-`)) continue;
    const p = path.join(parent, name);
    if (Date.now() - fs.statSync(p).mtimeMs > 10 * 60_000) fs.rmSync(p, { recursive: true, force: true });
  }
}

/**
 * Copies a template into an empty data folder: `preferred` (a migrated copy) when given, else the
 * empty cluster. What was copied, or undefined when the folder was not empty or no template exists.
 */
export async function seedFromTemplate(
  dir: string,
  preferred?: string,
): Promise<"migrated" | "empty" | undefined> {
  if (fs.readdirSync(dir).length > 0) return undefined;
  const template = preferred ?? (await clusterTemplate());
  if (!template) return undefined;
  fs.cpSync(template, dir, { recursive: true });
  return preferred ? "migrated" : "empty";
}
