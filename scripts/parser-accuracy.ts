import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { FIELDS } from "@dirabot/scraper-facebook/parser";
import {
  formatTable,
  type LabelledPost,
  MACRO_FIELDS,
  macroAverage,
  parseEntryPosts,
  parseLabelled,
  score,
  withEntryLabels,
} from "@dirabot/scraper-facebook/testing";

/**
 * `npm run parser:accuracy [-- --mismatches] [-- --source own|fb|fb-tune|fb-heldout|rentifier] [file]`:
 * per-field accuracy of the Facebook post parser on the labelled set (exact match or one of a
 * post's accepted alternatives; "wrong" = a value that is not the label's, "missed" = null where
 * the label has one; `entry`, the listing's entry date, where `entry.jsonl` lies beside the set),
 * then the same for the held-out part (`fb-heldout`: real posts the parser
 * was never tuned on) with the macro average over the fields renters filter on.
 */
const args = process.argv.slice(2);
const showMismatches = args.includes("--mismatches");
const sourceAt = args.indexOf("--source");
const source = sourceAt >= 0 ? args[sourceAt + 1] : undefined;
const file =
  args.find((a, i) => !a.startsWith("--") && args[i - 1] !== "--source") ??
  path.resolve(import.meta.dirname, "../services/scraper-facebook/test/posts/labelled.jsonl");

const entryFile = path.join(path.dirname(file), "entry.jsonl");
const parsedAll = parseLabelled(readFileSync(file, "utf8"));
// The listing's entry date (`entry`) is scored where its labels are at hand beside the set.
const all = existsSync(entryFile) ? withEntryLabels(parsedAll, readFileSync(entryFile, "utf8")) : parsedAll;
const SCORED = existsSync(entryFile) ? [...FIELDS, "entry" as const] : FIELDS;
const HELD_OUT = "fb-heldout";

function report(title: string, posts: LabelledPost[], mismatches: boolean): void {
  const scored = score(posts, SCORED);
  console.log(`${title}: ${posts.length} labelled posts from ${path.relative(process.cwd(), file)}\n`);
  console.log(formatTable(scored.fields));
  if (SCORED.length > FIELDS.length)
    console.log(
      `\nentry: the listing's entry date (ISO, "immediate" or null; labels ${path.relative(process.cwd(), entryFile)}); prec = right of the non-null answers, recall = coverage`,
    );
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
  const freshFile = path.join(path.dirname(file), "entry-fresh.jsonl");
  if (existsSync(freshFile)) {
    const fresh = score(parseEntryPosts(readFileSync(freshFile, "utf8")), ["entryDate", "entry"]);
    console.log(`\n\nentry dates alone: ${path.relative(process.cwd(), freshFile)}\n`);
    console.log(formatTable(fresh.fields));
    if (showMismatches)
      for (const m of fresh.mismatches)
        console.log(`${m.id}  ${m.field}: ${JSON.stringify(m.expected)} → ${JSON.stringify(m.actual)}`);
  }
}
