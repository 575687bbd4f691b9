import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { builtFresh, currentStamp, newestWebSource, stampFile } from "./build-stamp.ts";

/**
 * Builds what `npm start` serves, only when it is missing or older than its sources:
 * the SPA (web/dist), and the empty database cluster a fresh DATA_DIR starts from (made here, in
 * its own process, so the server never carries initdb's memory). Generated protobuf code is
 * committed and checked fresh by a test.
 *
 * `npm start` runs it only when the stamp (build-stamp.ts) says the tree changed: the usual case
 * costs a stamp compared, inside the server's own process.
 */
const root = path.resolve(import.meta.dirname, "..");
const built = path.join(root, "web/dist/index.html");
const force = process.argv.includes("--force");
const withTemplates = !process.env.DATABASE_URL;

const fresh = !force && builtFresh(root);
if (!fresh) {
  if (force || !fs.existsSync(built) || newestWebSource(root) > fs.statSync(built).mtimeMs) {
    console.log("Building the web app…");
    execFileSync("npm", ["run", "-w", "@dirabot/web", "build"], { cwd: root, stdio: "inherit" });
  }
  // A template that could not be made is tried again next time: no stamp then.
  if (!withTemplates || (await makeTemplates())) {
    fs.mkdirSync(path.dirname(stampFile(root)), { recursive: true });
    fs.writeFileSync(stampFile(root), currentStamp(root));
  }
}

// Only the embedded default uses them; a run on a PostgreSQL server skips them. The migrated copy
// is of every service's schema, as the one-process run has them. Loaded only when needed:
// importing the platform and every service is what an unchanged tree must not pay for.
async function makeTemplates(): Promise<boolean> {
  const { clusterTemplate, createLogger, makeMigratedTemplate } = await import("@dirabot/platform");
  const { MODULES } = await import("./product/services.ts");
  if (!(await clusterTemplate())) console.log("No database template cache: initdb runs at start");
  else if (!(await makeMigratedTemplate(MODULES, createLogger("warn"))))
    console.log("No migrated database template: migrations run at start");
  else return true;
  return false;
}
