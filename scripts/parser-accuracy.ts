import { readFileSync } from "node:fs";
import * as path from "node:path";
import { formatTable, parseLabelled, score } from "../services/scraper-facebook/src/parser/accuracy.ts";

/**
 * `npm run parser:accuracy [-- --mismatches] [-- --source own|fb|rentifier] [file]`:
 * per-field accuracy of the Facebook post parser on the labelled set (exact match;
 * "wrong" = a value that is not the label's, "missed" = null where the label has one).
 */
const args = process.argv.slice(2);
const showMismatches = args.includes("--mismatches");
const sourceAt = args.indexOf("--source");
const source = sourceAt >= 0 ? args[sourceAt + 1] : undefined;
const file =
  args.find((a, i) => !a.startsWith("--") && args[i - 1] !== "--source") ??
  path.resolve(import.meta.dirname, "../services/scraper-facebook/test/posts/labelled.jsonl");

let posts = parseLabelled(readFileSync(file, "utf8"));
if (source) posts = posts.filter((p) => (p.source ?? "").startsWith(source));
const { fields, mismatches } = score(posts);
console.log(
  `${posts.length} labelled posts from ${path.relative(process.cwd(), file)}${source ? ` (source ${source})` : ""}\n`,
);
console.log(formatTable(fields));
if (showMismatches) {
  console.log("\nmismatches (id, field: expected → actual):");
  for (const m of mismatches)
    console.log(`${m.id}  ${m.field}: ${JSON.stringify(m.expected)} → ${JSON.stringify(m.actual)}`);
}
