import { spawn } from "node:child_process";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../../..");
const KEYS = [
  "id",
  "kind",
  "price",
  "rooms",
  "floor",
  "size",
  "phone",
  "street",
  "neighborhood",
  "neighborhoodCode",
  "city",
  "entryDate",
  "broker",
];

/** Runs the tool as its users do: `npm run --silent parse:post`, posts on stdin, answers on stdout. */
function run(input: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", "parse:post"], { cwd: root });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

// Each test starts npm and Node as a user would: the budget is a loaded CI machine's.
describe("npm run --silent parse:post", { timeout: 90_000 }, () => {
  it("writes one JSON line per post, keys in the contract's order, nothing else", async () => {
    const input = [
      {
        id: "p1",
        text: 'להשכרה בפלורנטין דירת 3 חדרים, קומה 2, 70 מ"ר, 6,900 ש"ח, כניסה מיידית, ללא תיווך, 052-555-3101',
      },
      { id: "p2", text: "מחפשת דירת 2 חדרים בצפון הישן עד 6000" },
    ]
      .map((p) => JSON.stringify(p))
      .join("\n");
    const { code, stdout } = await run(`${input}\n`);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    const [first, second] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(Object.keys(first ?? {})).toEqual(KEYS);
    expect(first).toEqual({
      id: "p1",
      kind: "apartment",
      price: 6900,
      rooms: 3,
      floor: 2,
      size: 70,
      phone: "0525553101",
      street: null,
      neighborhood: "פלורנטין",
      neighborhoodCode: 205,
      city: null,
      entryDate: null,
      broker: false,
    });
    expect(second?.kind).toBe("not_offer");
  });

  it("reports a malformed line with its number on stderr, keeps going, and exits 1", async () => {
    const input = `{"id":"a","text":"להשכרה 2 חדרים 5000 ש\\"ח"}\nnot json\n\n{"id":"c"}\n{"id":"d","text":"סאבלט בפלורנטין"}\n`;
    const { code, stdout, stderr } = await run(input);
    expect(code).toBe(1);
    expect(
      stdout
        .trimEnd()
        .split("\n")
        .map((l) => (JSON.parse(l) as { id: string }).id),
    ).toEqual(["a", "d"]);
    expect(stderr).toContain("line 2");
    expect(stderr).toContain("line 4");
    expect(stderr).not.toContain("line 3");
  });

  it("streams a large input through", async () => {
    const line = JSON.stringify({
      id: "x",
      text: 'להשכרה דירת 2 חדרים ברחוב ויטל 12, 5,000 ש"ח, 054-555-0000',
    });
    const n = 5000;
    const { code, stdout } = await run(`${Array.from({ length: n }, () => line).join("\n")}\n`);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(n);
    expect(JSON.parse(lines[n - 1] ?? "{}")).toMatchObject({ id: "x", price: 5000, street: "ויטל" });
  });

  it("parses a post of 200,000 characters on one line", async () => {
    const text = `להשכרה דירת 3 חדרים\n${"0 \n".repeat(66_000)}לפרטים: 052-555-3101`;
    const { code, stdout } = await run(`${JSON.stringify({ id: "long", text })}\n`);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ id: "long", rooms: 3, phone: "0525553101" });
  });

  it("resolves a year-less entry date against the post's date when the line gives one", async () => {
    const text = 'להשכרה 2 חדרים בפלורנטין, 5,000 ש"ח, כניסה 1.10';
    const input = [
      JSON.stringify({ id: "dated", text, postedAt: "2021-09-20T08:00:00Z" }),
      JSON.stringify({ id: "epoch", text, date: 1632124800 }),
    ].join("\n");
    const { code, stdout } = await run(`${input}\n`);
    expect(code).toBe(0);
    expect(
      stdout
        .trimEnd()
        .split("\n")
        .map((l) => (JSON.parse(l) as { entryDate: string }).entryDate),
    ).toEqual(["2021-10-01", "2021-10-01"]);
  });

  it("exits 0 on empty input", async () => {
    const { code, stdout } = await run("");
    expect(code).toBe(0);
    expect(stdout).toBe("");
  });
});
