import { createInterface } from "node:readline";
import { parseLine } from "@dirabot/scraper-facebook/testing";

/**
 * `npm run --silent parse:post`, the parser as a tool other programs call: JSON lines `{"id","text"}` on
 * stdin → one JSON line per post on stdout, nothing else there. A malformed line is
 * reported on stderr with its line number and skipped; the exit code is 1 when any was.
 * Streams: output is written as input arrives, honouring stdout back-pressure.
 */
async function main(): Promise<number> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  let n = 0;
  let bad = 0;
  let pending: string[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    const chunk = `${pending.join("\n")}\n`;
    pending = [];
    if (!process.stdout.write(chunk)) await new Promise((r) => process.stdout.once("drain", r));
  };
  for await (const line of lines) {
    n++;
    const result = parseLine(line, n);
    if (result === null) continue;
    if (result.ok) pending.push(result.output);
    else {
      bad++;
      process.stderr.write(`${result.error}\n`);
    }
    if (pending.length >= 64) await flush();
  }
  await flush();
  if (bad > 0) process.stderr.write(`${bad} of ${n} lines were malformed\n`);
  return bad > 0 ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`parse:post failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 2;
  },
);
