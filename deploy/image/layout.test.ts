import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import {
  APP_DIR,
  CMD,
  ENTRY,
  ENV,
  entryClosure,
  NODE_PATH,
  PORTS,
  ships,
  USER,
  workspaces,
} from "./layout.ts";

const root = path.resolve(import.meta.dirname, "../..");
const dockerfile = fs.readFileSync(path.join(root, "deploy/docker/Dockerfile"), "utf8");
/** The runtime stage: everything after the last FROM, continuation lines joined. */
const runtime = (dockerfile.split(/^FROM /m).at(-1) as string).replace(/\\\n\s*/g, " ");
const instructions = (name: string) =>
  [...runtime.matchAll(new RegExp(`^${name} (.+)$`, "gm"))].map((m) => (m[1] as string).trim());

describe("the image's layout", () => {
  it("is the same in the Dockerfile as in the buildah build", () => {
    expect(instructions("CMD")).toEqual([JSON.stringify(CMD).replaceAll(",", ", ")]);
    expect(instructions("USER")).toEqual([USER]);
    expect(instructions("WORKDIR")).toEqual([APP_DIR]);
    expect(instructions("EXPOSE")).toEqual([PORTS.join(" ")]);
    const env = Object.fromEntries(
      instructions("ENV")
        .flatMap((line) => line.split(/\s+/))
        .map((pair) => pair.split("=") as [string, string]),
    );
    expect(env).toEqual(ENV);
    // What it copies is what deploy/image/stage.ts laid out, nothing of the repository itself.
    expect(instructions("COPY")).toEqual([
      `--from=build /stage/node ${NODE_PATH}`,
      `--from=build /stage/app ${APP_DIR}`,
    ]);
  });

  it("runs the command the chart's Deployments name", () => {
    const chart = fs.readFileSync(path.join(root, "deploy/helm/dirabot/templates/_deployment.tpl"), "utf8");
    expect(/command: (\[.*\])/.exec(chart)?.[1]).toBe(JSON.stringify(CMD).replaceAll(",", ", "));
  });

  it("runs the composition root, which exists", () => {
    expect(fs.existsSync(path.join(root, ENTRY))).toBe(true);
    const files = entryClosure(root);
    expect(files).toContain(ENTRY);
    expect(files.length).toBeGreaterThan(1); // the entry imports the service list
    expect(files.filter((f) => f.includes(".test.") || f.includes("bench"))).toEqual([]);
  });

  it("ships every workspace package.json names, the SPA as its build only", () => {
    const all = workspaces(root);
    expect(all.map((w) => w.dir)).toEqual(
      expect.arrayContaining(["proto", "api", "gateway", "services/platform", "web"]),
    );
    expect(all.filter((w) => w.built).map((w) => w.dir)).toEqual(["web"]);
  });

  it("leaves out tests, fixtures, docs and .proto sources", () => {
    for (const kept of [
      "src/module.ts",
      "migrations/0001_init.ts",
      "gen/dirabot/x_pb.js",
      "src/geo/data/streets.json",
    ])
      expect(ships(kept), kept).toBe(true);
    for (const left of [
      "src/a.test.ts",
      "test/double.ts",
      "README.md",
      "dirabot/x.proto",
      "node_modules/x/y.js",
    ])
      expect(ships(left), left).toBe(false);
  });
});
