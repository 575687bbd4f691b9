import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const buf = path.join(root, "node_modules/.bin/buf");

function files(dir: string, base = dir): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) Object.assign(out, files(p, base));
    else out[path.relative(base, p)] = fs.readFileSync(p, "utf8");
  }
  return out;
}

describe("protobuf contracts", () => {
  it("pass buf lint", () => {
    expect(() => execFileSync(buf, ["lint"], { cwd: root, stdio: "pipe" })).not.toThrow();
  });

  // buf runs protoc-gen-es as a process per file set: a few seconds alone, far more on a machine
  // busy with other suites.
  it("have generated code that is up to date (run `make proto` when this fails)", {
    timeout: 120_000,
  }, () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "dirabot-gen-"));
    execFileSync(buf, ["generate", "--output", out], { cwd: root, stdio: "pipe" });
    expect(files(path.join(out, "proto/gen"))).toEqual(files(path.join(root, "proto/gen")));
  });
});
