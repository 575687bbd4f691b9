import { type ChildProcess, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Test-only: Stoplight's Prism as a proxy in front of a gateway, checking every request and answer
 * that passes against the OpenAPI document the gateway serves. Prism forwards the answer as it is
 * and names any disagreement in an `sl-violations` header.
 */
export interface PrismProxy {
  base: string;
  stop(): Promise<void>;
}

const prismCli = fileURLToPath(import.meta.resolve("@stoplight/prism-cli/dist/index.js"));

export async function startPrism(document: unknown, upstream: string): Promise<PrismProxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dirabot-prism-"));
  const file = path.join(dir, "openapi.json");
  fs.writeFileSync(file, JSON.stringify(document));
  const child = spawn(
    process.execPath,
    [prismCli, "proxy", file, upstream, "--host", "127.0.0.1", "--port", "0", "--errors", "false"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const base = await listening(child);
  return {
    base,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill();
        await new Promise((done) => child.once("exit", done));
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The address Prism prints once it listens, or its output when it quits first. */
function listening(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/[\w.:]+)/.exec(out);
      if (m?.[1]) resolve(m[1]);
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => reject(new Error(`prism exited (${code}): ${out}`)));
  });
}
