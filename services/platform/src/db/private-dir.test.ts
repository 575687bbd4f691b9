import * as fs from "node:fs";
import * as path from "node:path";
import { expect, it } from "vitest";
import { tempDir } from "../../test/helpers.ts";
import { probeModule } from "../../test/probe/probe.ts";
import { launch } from "../host/launch.ts";
import { loadSettings } from "../settings.ts";
import { privateDir } from "./private-dir.ts";
import { persistentSecret } from "./secrets.ts";

const mode = (p: string) => fs.statSync(p).mode & 0o7777;

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? [p, ...walk(p)] : [p];
  });
}

it("keeps DATA_DIR to its owner after a start: 0700, secrets 0600, nothing group or world-writable", async () => {
  // A DATA_DIR an earlier version left open, with a secret other users could read.
  const dataDir = path.join(tempDir(), "data");
  fs.mkdirSync(path.join(dataDir, "secrets"), { recursive: true });
  fs.writeFileSync(path.join(dataDir, "secrets", "old-secret"), "x".repeat(40));
  for (const [p, m] of [
    [dataDir, 0o777],
    [path.join(dataDir, "secrets"), 0o755],
    [path.join(dataDir, "secrets", "old-secret"), 0o644],
  ] as const)
    fs.chmodSync(p, m);

  const settings = loadSettings({ DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent" });
  const running = await launch(settings, [probeModule()]); // embedded database, with migrations
  try {
    persistentSecret(dataDir, "jwt-secret");
    expect(persistentSecret(dataDir, "old-secret")).toBe("x".repeat(40));
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, "secrets"))).toBe(0o700);
    expect(mode(path.join(dataDir, "pg"))).toBe(0o700);
    const secrets = fs.readdirSync(path.join(dataDir, "secrets"));
    expect(secrets).toEqual(expect.arrayContaining(["jwt-secret", "old-secret"]));
    for (const s of secrets) expect(mode(path.join(dataDir, "secrets", s))).toBe(0o600);
    const files = walk(dataDir);
    expect(files.length).toBeGreaterThan(100); // the database's files are there to check
    expect(files.filter((f) => fs.lstatSync(f).mode & 0o022)).toEqual([]);
  } finally {
    await running.stop();
  }
}, 180_000); // a fresh embedded database and its migrations, on a loaded CI machine

it("leaves a shared sticky directory such as /tmp as it is", () => {
  const shared = tempDir();
  fs.chmodSync(shared, 0o1777);
  privateDir(shared);
  expect(mode(shared)).toBe(0o1777);
  const own = privateDir(path.join(shared, "data"));
  expect(mode(own)).toBe(0o700);
});
