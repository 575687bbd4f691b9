import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

// The docs a newcomer reads stay true to the tree: every decision record says where it stands,
// ARCHITECTURE.md has a line for every folder of code and none for a folder that is gone, and
// comments say why rather than when (a date belongs to git's history).

const root = path.resolve(import.meta.dirname, "..");
const decisions = path.join(root, "docs/decisions");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

/** Tracked and new files (what .gitignore leaves), as the next commit would see them. */
function repoFiles(): string[] {
  try {
    const out = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], {
      cwd: root,
      encoding: "utf8",
    });
    return out.split("\n").filter((f) => f && fs.existsSync(path.join(root, f)));
  } catch {
    return walk(""); // an export without git's metadata
  }
}

const UNTRACKED = new Set(["node_modules", "dist", "dist-server", "data", "test-results", "results"]);

function walk(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (!e.isDirectory()) return [rel];
    return UNTRACKED.has(e.name) || (e.name.startsWith(".") && e.name !== ".ci") ? [] : walk(rel);
  });
}

const CODE = /\.(ts|tsx|js|mjs|cjs|css|proto)$/;
/** The protobuf packages and the code generated from them: `proto/`'s and `proto/gen/`'s lines. */
const CONTRACTS = /^proto\/(dirabot|grpc|gen)\//;

/** Folders that hold code, as ARCHITECTURE.md names them: `x/src/` goes under `x/`'s line. */
function codeFolders(files: string[]): Set<string> {
  const folders = new Set<string>();
  for (const file of files) {
    if (!CODE.test(file) || CONTRACTS.test(file) || file.includes("node_modules/")) continue;
    const dir = path.posix.dirname(file);
    if (dir !== ".") folders.add(`${dir}/`);
  }
  return folders;
}

function namedFolders(): string[] {
  const rows = read("docs/ARCHITECTURE.md").split("\n");
  return rows.flatMap((row) => /^\| `([^`]+\/)` \|/.exec(row)?.[1] ?? []);
}

// A date written as data (quoted, or a parameter's value) is an example of a format, not a record.
const ISO_DATE = /(?<!["'`=\d-])\b20\d\d-[01]\d-[0-3]\d\b/;

/** The comment part of a line, by the file's syntax; code and strings are left out. */
function commentOf(line: string, file: string): string {
  const t = line.trimStart();
  const hash = /\.(ya?ml|sh)$|Dockerfile$/.test(file);
  if (hash) return t.startsWith("#") ? t : (/\s#\s(.*)$/.exec(line)?.[1] ?? "");
  if (t.startsWith("//") || t.startsWith("/*") || t.startsWith("* ") || t === "*") return t;
  return /\s\/\/\s(.*)$/.exec(line)?.[1] ?? /\/\*(.*?)\*\//.exec(line)?.[1] ?? "";
}

describe("decision records", () => {
  const records = fs.readdirSync(decisions).filter((f) => /^\d{4}-[a-z0-9-]+\.md$/.test(f));

  it("replace docs/decisions.md", () => {
    expect(fs.existsSync(path.join(root, "docs/decisions.md"))).toBe(false);
    expect(records.length).toBeGreaterThan(50);
  });

  it("each say whether they stand, and what superseded them", () => {
    const bad = records.filter((f) => {
      const status = /^Status: (.*)$/m.exec(fs.readFileSync(path.join(decisions, f), "utf8"))?.[1];
      if (!status || !/^(accepted|superseded by \[\d{4}\])/.test(status)) return true;
      const links = [...status.matchAll(/\]\((\d{4}-[a-z0-9-]+\.md)\)/g)].map((m) => m[1] as string);
      return links.some((l) => !records.includes(l));
    });
    expect(bad).toEqual([]);
  });

  it("are each indexed once in docs/decisions/README.md", () => {
    const index = read("docs/decisions/README.md");
    expect(records.filter((f) => index.split(`(${f})`).length !== 2)).toEqual([]);
  });
});

describe("docs/ARCHITECTURE.md", () => {
  const files = repoFiles();
  const named = namedFolders();

  it("has a line for every folder that holds code", () => {
    const covered = (dir: string) =>
      named.includes(dir) || (dir.endsWith("/src/") && named.includes(dir.slice(0, -"src/".length)));
    expect([...codeFolders(files)].filter((dir) => !covered(dir)).sort()).toEqual([]);
  });

  it("names only folders that exist, each once", () => {
    expect(named.filter((dir) => !fs.existsSync(path.join(root, dir)))).toEqual([]);
    expect(named.filter((dir, i) => named.indexOf(dir) !== i)).toEqual([]);
  });
});

describe("comments", () => {
  it("carry no dates", () => {
    const commented = /\.(ts|tsx|js|mjs|css|ya?ml|proto|sh)$|Dockerfile$/;
    const found: string[] = [];
    for (const file of repoFiles()) {
      if (!commented.test(file) || file.startsWith("proto/gen/") || file.includes("node_modules/")) continue;
      read(file)
        .split("\n")
        .forEach((line, i) => {
          if (ISO_DATE.test(commentOf(line, file))) found.push(`${file}:${i + 1}`);
        });
    }
    expect(found).toEqual([]);
  });
});
