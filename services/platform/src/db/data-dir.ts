import * as fs from "node:fs";
import * as path from "node:path";
import { SettingsError } from "../settings.ts";
import { privateDir } from "./private-dir.ts";

/**
 * One process owns a DATA_DIR at a time: a second start on the same folder would open the
 * embedded database twice and corrupt it, so it is refused with a clear line instead.
 */
const held = new Set<string>();

export function lockDataDir(dataDir: string): () => void {
  const dir = privateDir(dataDir); // 0700: it holds the database, password hashes and secrets
  const file = path.join(dir, "dirabot.pid");
  if (held.has(dir))
    throw new SettingsError(
      `DATA_DIR: ${dir} is in use by another Dirabot process (pid ${process.pid}); stop it or choose another DATA_DIR`,
    );
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx", mode: 0o600 });
      held.add(dir);
      return () => {
        held.delete(dir);
        if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const owner = readPid(file);
      if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
        throw new SettingsError(
          `DATA_DIR: ${path.resolve(dataDir)} is in use by another Dirabot process (pid ${owner}); stop it or choose another DATA_DIR`,
        );
      }
      fs.rmSync(file, { force: true }); // left behind by a process that died: take it over
    }
  }
  throw new SettingsError(`DATA_DIR: could not lock ${path.resolve(dataDir)}`);
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(file, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
