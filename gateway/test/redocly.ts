import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

/**
 * Test-only: Redocly's CLI lint of a document, with the api package's config (the recommended
 * rules) and its ignore file of justified exceptions, both copied beside the document they name.
 */
export interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
}

const redocly = fileURLToPath(import.meta.resolve("@redocly/cli/bin/cli.js"));
const apiDir = path.resolve(import.meta.dirname, "../../api");

export async function lintOpenApi(document: unknown): Promise<LintReport> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dirabot-redocly-"));
  try {
    fs.writeFileSync(path.join(dir, "openapi.json"), JSON.stringify(document));
    for (const f of ["redocly.yaml", ".redocly.lint-ignore.yaml"])
      fs.copyFileSync(path.join(apiDir, f), path.join(dir, f));
    // Offline and quiet: no telemetry, no update check.
    const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
    const run = promisify(execFile)(process.execPath, [redocly, "lint", "openapi.json", "--format=json"], {
      cwd: dir,
      env,
    });
    // A failed lint exits 1 with its report on stdout all the same.
    const { stdout } = await run.catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? "" }));
    return JSON.parse(stdout) as LintReport;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
