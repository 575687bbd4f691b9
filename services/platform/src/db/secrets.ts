import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { privateDir, tightenTree } from "./private-dir.ts";

/** A secret generated once and kept in DATA_DIR, so restarts keep sessions and keys valid. */
export function persistentSecret(
  dataDir: string,
  name: string,
  make = () => randomBytes(48).toString("base64url"),
): string {
  const dir = privateDir(path.resolve(dataDir, "secrets"));
  const file = path.join(dir, name);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    const value = make();
    fs.writeFileSync(file, value, { mode: 0o600 });
    return value;
  } finally {
    tightenTree(dir); // secrets written by earlier versions, or copied in, with looser modes
  }
}
