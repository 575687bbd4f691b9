/**
 * The `parse:post` tool's line protocol: one JSON object `{"id","text"}` per input line
 * (optionally the post's date as `postedAt` — or `date`, `time`, `timestamp`, `createdAt`:
 * ISO or epoch — which year-less entry dates resolve against), one JSON line out per
 * post with the keys in `FIELDS` order (the tool's documented answer). A line that is not such an object yields an
 * error message naming its line number; blank lines are skipped.
 */
import { z } from "zod";
import { FIELDS, parsePost } from "./index.ts";

const Input = z.object({
  id: z.union([z.string(), z.number()]),
  text: z.string(),
});

/** Names a post's date may come under; an unreadable date is ignored (dates then resolve against now). */
const DATE_KEYS = [
  "postedAt",
  "posted_at",
  "postDate",
  "post_date",
  "publishedAt",
  "published_at",
  "createdAt",
  "created_at",
  "created_time",
  "date",
  "time",
  "timestamp",
];

function postedAtOf(json: Record<string, unknown>): Date | undefined {
  for (const key of DATE_KEYS) {
    const v = json[key];
    if (typeof v !== "string" && typeof v !== "number") continue;
    const d = typeof v === "number" ? new Date(v < 1e12 ? v * 1000 : v) : new Date(v);
    if (!Number.isNaN(d.getTime()) && d.getUTCFullYear() > 2000 && d.getUTCFullYear() < 2100) return d;
  }
  return undefined;
}

export type LineResult = { ok: true; output: string } | { ok: false; error: string } | null;

export function parseLine(line: string, lineNumber: number): LineResult {
  if (line.trim() === "") return null;
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return { ok: false, error: `line ${lineNumber}: not valid JSON` };
  }
  const input = Input.safeParse(json);
  if (!input.success) {
    const issue = input.error.issues[0];
    const where = issue?.path.length ? `"${issue.path.join(".")}"` : "the line";
    return {
      ok: false,
      error: `line ${lineNumber}: ${where}: ${issue?.message ?? "invalid"} (want {"id","text"})`,
    };
  }
  const { id, text } = input.data;
  const postedAt = postedAtOf(json as Record<string, unknown>);
  const parsed = parsePost(text, postedAt ? { postedAt } : {});
  const out: Record<string, unknown> = { id };
  for (const key of FIELDS) out[key] = parsed[key];
  return { ok: true, output: JSON.stringify(out) };
}
