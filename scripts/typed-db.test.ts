import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

// Each service's code reaches its tables through its generated schema (ServiceModule<DB>), so a
// renamed column is a type error. Only the platform and the scraping kit's leases, which work on
// every schema alike, and migrations, written against the schema as it was then (Kysely's own advice), go untyped.

const root = path.resolve(import.meta.dirname, "..");
const DIRS = ["services", "gateway", "scripts", "api", "deploy"];
const SKIP = new Set(["node_modules", "dist", "gen", "test-results"]);
const ALLOWED = [
  /^services\/platform\//,
  /^services\/lib\/scraping\/src\/leases\.ts$/,
  /\/migrations\//,
  /^scripts\/typed-db\.test\.ts$/,
];

/** What brings back an untyped database handle, or a cast to reach a typed one. */
const RULES: Array<[name: string, pattern: RegExp]> = [
  ["an untyped Kysely", /\b(Kysely|Transaction)<\s*any\s*>/],
  ["an untyped module", /\b(ServiceModule|ServiceContext)<\s*any\s*>|:\s*AnyServiceModule\b(?!\[)/],
  ["an untyped consumer", /ConsumerSpec<[^;]*,\s*any\s*>/],
  ["the platform's untyped handle", /\bAny(Db|Trx)\b/],
  ["a cast to a service's handle", /\bas\s+(Db|Trx)\b/],
  ["a cast to a Kysely type", /\bas\s+(unknown\s+as\s+)?(Kysely|Transaction)</],
];

function files(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP.has(entry.name) && !entry.name.startsWith(".")) out.push(...files(full));
    } else if (/\.(ts|tsx|mts)$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** Every offending line of `text` as "rule: line". */
function untypedUses(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split("\n"))
    for (const [name, pattern] of RULES) if (pattern.test(line)) found.push(`${name}: ${line.trim()}`);
  return found;
}

describe("services reach their tables through their generated schema", () => {
  it("finds what it looks for", () => {
    expect(untypedUses("const db = ctx.db as Db;\nconst t = trx as Trx;")).toHaveLength(2);
    expect(untypedUses("readonly #db: Kysely<any>;\nfn(trx: AnyTrx)")).toHaveLength(2);
    expect(untypedUses("(db as unknown as Kysely<X>)")).toHaveLength(1);
    expect(untypedUses("const m: AnyServiceModule = {\nfn(ctx: ServiceContext<any>)")).toHaveLength(2);
    expect(untypedUses("modules: AnyServiceModule[]")).toEqual([]);
    expect(untypedUses("const c: ConsumerSpec<typeof S, undefined, any> = {")).toHaveLength(1);
    expect(untypedUses("readonly db: Db;\nconstructor(db: Kysely<BotsDb>)")).toEqual([]);
  });

  it("has no untyped handle or cast outside the platform and migrations", () => {
    const offences: string[] = [];
    for (const dir of DIRS)
      for (const file of files(path.join(root, dir))) {
        const rel = path.relative(root, file);
        if (ALLOWED.some((a) => a.test(rel))) continue;
        for (const o of untypedUses(fs.readFileSync(file, "utf8"))) offences.push(`${rel}: ${o}`);
      }
    expect(offences).toEqual([]);
  });
});
