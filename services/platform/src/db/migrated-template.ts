import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import type { Migration } from "kysely";
import type { Logger } from "../logger.ts";
import { templatePath } from "./cluster-template.ts";
import { openServiceDatabase } from "./database.ts";
import { startEmbeddedPostgres } from "./embedded.ts";
import { platformMigrations } from "./platform-migrations.ts";

/** What a set of services' schemas are made of: the schema names and every migration's code. */
export interface Schemas {
  schema: string;
  migrations?: Record<string, Migration>;
}

/**
 * A fresh DATA_DIR of the one-process run starts from a copy of a cluster with every service's
 * migrations already applied, when one was made for exactly these migrations (`npm start`'s
 * build step makes it): migrating the eight services' schemas on a fresh database took seconds
 * of the start. The key is a hash of each schema's name and its migrations' names and code (the
 * migrations are self-contained SQL), so changed code never starts from a stale copy; a start with
 * other services or schemas (tests) finds no copy and migrates as before.
 */
export function migrationsKey(services: Schemas[]): string {
  const hash = createHash("sha256");
  for (const s of services) {
    hash.update(`schema ${s.schema}\n`);
    const all = { ...platformMigrations(s.schema), ...(s.migrations ?? {}) };
    for (const name of Object.keys(all).sort()) {
      const m = all[name] as Migration;
      hash.update(`${name}\n${m.up.toString()}\n${m.down?.toString() ?? ""}\n`);
    }
  }
  return hash.digest("hex").slice(0, 16);
}

/** The migrated copy's cluster folder for this key, when it has been made. */
export function migratedCluster(key: string): string | undefined {
  const base = templatePath();
  if (!base) return undefined;
  const home = `${base}-migrated-${key}`;
  return fs.existsSync(path.join(home, "ready")) ? path.join(home, "cluster") : undefined;
}

/** Makes the migrated copy for these services (once per key; a no-op when it exists). */
export async function makeMigratedTemplate(services: Schemas[], log: Logger): Promise<boolean> {
  const base = templatePath();
  if (!base) return false;
  const key = migrationsKey(services);
  const home = `${base}-migrated-${key}`;
  if (migratedCluster(key)) return true;
  let work: string | undefined;
  try {
    work = fs.mkdtempSync(`${home}.making-`);
    const embedded = await startEmbeddedPostgres(work, log);
    try {
      for (const s of services) {
        const db = await openServiceDatabase({ url: embedded.url, ...s, log });
        await db.close();
      }
    } finally {
      await embedded.stop();
    }
    // startEmbeddedPostgres keeps its cluster in <dir>/pg; the copy is that folder.
    fs.renameSync(path.join(work, "pg"), path.join(work, "cluster"));
    fs.writeFileSync(path.join(work, "ready"), "");
    fs.renameSync(work, home);
    work = undefined;
  } catch (err) {
    if (!migratedCluster(key)) log.warn({ err }, "the migrated database template could not be made");
  } finally {
    if (work) fs.rmSync(work, { recursive: true, force: true });
  }
  return migratedCluster(key) !== undefined;
}
