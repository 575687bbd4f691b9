import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { COMMAND, dbTypes } from "./db-types.ts";

const root = path.resolve(import.meta.dirname, "..");

describe("Kysely table types", () => {
  // Starts an embedded PostgreSQL and runs every service's migrations: seconds alone, more on a
  // machine busy with other suites.
  it(`are generated from the current migrations (run \`${COMMAND}\` when this fails)`, {
    timeout: 120_000,
  }, async () => {
    const fresh = await dbTypes();
    expect([...fresh.keys()].length).toBeGreaterThan(0);
    for (const [file, text] of fresh) {
      const committed = fs.existsSync(path.join(root, file))
        ? fs.readFileSync(path.join(root, file), "utf8")
        : "";
      expect(committed, `${file} is stale: run \`${COMMAND}\``).toBe(text);
    }
  });
});
