import * as fs from "node:fs";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { OPEN, RPC_CALLERS } from "./callers.ts";

const ROOT = path.resolve(import.meta.dirname, "../../../..");

/** Every RPC of every service the protos define, from the generated descriptors. */
async function protoRpcs(): Promise<string[]> {
  const files = fs
    .readdirSync(path.join(ROOT, "proto/gen"), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith("_pb.js"));
  const rpcs: string[] = [];
  for (const f of files) {
    const mod = await import(pathToFileURL(path.join(ROOT, "proto/gen", f)).href);
    for (const value of Object.values(mod) as Array<{ kind?: string }>)
      if (value?.kind === "service") {
        const svc = value as { typeName: string; methods: Array<{ name: string }> };
        for (const m of svc.methods) rpcs.push(`${svc.typeName}/${m.name}`);
      }
  }
  return rpcs.sort();
}

/** docs/SECURITY.md's "Who may call each RPC" table: RPC → its callers, as written there. */
function documented(): Record<string, string> {
  const doc = fs.readFileSync(path.join(ROOT, "docs/SECURITY.md"), "utf8");
  const section = doc.split("## Who may call each RPC")[1]?.split("\n## ")[0] ?? "";
  const rows: Record<string, string> = {};
  for (const line of section.split("\n")) {
    const m = /^\| `([\w.]+\/\w+)` \| (.+?) \|$/.exec(line);
    if (m) rows[m[1] as string] = m[2] as string;
  }
  return rows;
}

function inCode(): Record<string, string> {
  const rows: Record<string, string> = {};
  for (const [service, rules] of Object.entries(RPC_CALLERS))
    for (const [method, rule] of Object.entries(rules.methods))
      rows[`${service}/${method}`] = rule === OPEN ? "anyone, without a credential" : rule.join(", ");
  return rows;
}

describe("the allow-list of callers", () => {
  it("is docs/SECURITY.md's table, row for row", () => {
    const doc = documented();
    expect(Object.keys(doc).length).toBeGreaterThan(60);
    expect(doc).toEqual(inCode());
  });

  it("covers every RPC of every service in the protos, no more, no less", async () => {
    expect(Object.keys(inCode()).sort()).toEqual(await protoRpcs());
  });
});
