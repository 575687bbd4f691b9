import { readFileSync } from "node:fs";
import * as path from "node:path";
import {
  formatTable,
  type LabelledPost,
  MACRO_FIELDS,
  macroAverage,
  parseLabelled,
  score,
} from "../services/scraper-facebook/src/parser/accuracy.ts";

/**
 * `npm run parser:accuracy [-- --mismatches] [-- --source own|fb|fb-tune|fb-heldout|rentifier] [file]`:
 * per-field accuracy of the Facebook post parser on the labelled set (exact match or one of a
 * post's accepted alternatives; "wrong" = a value that is not the label's, "missed" = null where
 * the label has one), then the same for the held-out part (`fb-heldout`: real posts the parser
 * was never tuned on) with the macro average over the fields renters filter on.
 */
const args = process.argv.slice(2);
const showMismatches = args.includes("--mismatches");
const sourceAt = args.indexOf("--source");
const source = sourceAt >= 0 ? args[sourceAt + 1] : undefined;
const file =
  args.find((a, i) => !a.startsWith("--") && args[i - 1] !== "--source") ??
  path.resolve(import.meta.dirname, "../services/scraper-facebook/test/posts/labelled.jsonl");

const all = parseLabelled(readFileSync(file, "utf8"));
const HELD_OUT = "fb-heldout";

function report(title: string, posts: LabelledPost[], mismatches: boolean): void {
  const scored = score(posts);
  console.log(`${title}: ${posts.length} labelled posts from ${path.relative(process.cwd(), file)}\n`);
  console.log(formatTable(scored.fields));
  console.log(
    `\nmacro average over ${MACRO_FIELDS.join(", ")}: ${(macroAverage(scored.fields) * 100).toFixed(1)}%`,
  );
  if (!mismatches) return;
  console.log("\nmismatches (id, field: expected → actual):");
  for (const m of scored.mismatches)
    console.log(`${m.id}  ${m.field}: ${JSON.stringify(m.expected)} → ${JSON.stringify(m.actual)}`);
}

if (source) {
  report(
    `source ${source}`,
    all.filter((p) => (p.source ?? "").startsWith(source)),
    showMismatches,
  );
} else {
  report("all", all, showMismatches);
  console.log("\n");
  report(
    "held-out (never tuned on)",
    all.filter((p) => p.source === HELD_OUT),
    false,
  );
}
