import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";

/** A secret generated once and kept in DATA_DIR, so restarts keep sessions and keys valid. */
export function persistentSecret(
  dataDir: string,
  name: string,
  make = () => randomBytes(48).toString("base64url"),
): string {
  const dir = path.resolve(dataDir, "secrets");
  const file = path.join(dir, name);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const value = make();
    fs.writeFileSync(file, value, { mode: 0o600 });
    return value;
  }
}
