import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { createLogger } from "@dirabot/platform";
import { clusterTemplate } from "@dirabot/platform/db/cluster-template.ts";
import { makeMigratedTemplate } from "@dirabot/platform/db/migrated-template.ts";
import { MODULES } from "./services.ts";

/**
 * Builds what `npm start` serves, only when it is missing or older than its sources:
 * the SPA (web/dist), and the empty database cluster a fresh DATA_DIR starts from (made here, in
 * its own process, so the server never carries initdb's memory). Generated protobuf code is
 * committed and checked fresh by a test.
 */
const root = path.resolve(import.meta.dirname, "..");
const built = path.join(root, "web/dist/index.html");

function newest(dir: string): number {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === "node_modules" || e.name.startsWith("dist") || e.name === "e2e") continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

const stale = !fs.existsSync(built) || newest(path.join(root, "web")) > fs.statSync(built).mtimeMs;
if (stale || process.argv.includes("--force")) {
  console.log("Building the web app…");
  execFileSync("npm", ["run", "-w", "@dirabot/web", "build"], { cwd: root, stdio: "inherit" });
}

// Only the embedded default uses them; a run on a PostgreSQL server skips them. The migrated copy
// is of every service's schema, as the one-process run has them.
if (!process.env.DATABASE_URL) {
  if (!(await clusterTemplate())) console.log("No database template cache: initdb runs at start");
  else if (!(await makeMigratedTemplate(MODULES, createLogger("warn"))))
    console.log("No migrated database template: migrations run at start");
}
