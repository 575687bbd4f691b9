/**
 * The `parse:post` tool's line protocol: one JSON object `{"id","text"}` per input line
 * (optionally `postedAt`, an ISO date dates are resolved against), one JSON line out per
 * post with the keys in CONTRACT.md's order. A line that is not such an object yields an
 * error message naming its line number; blank lines are skipped.
 */
import { z } from "zod";
import { FIELDS, parsePost } from "./index.ts";

const Input = z.object({
  id: z.union([z.string(), z.number()]),
  text: z.string(),
  postedAt: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
});

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
  const { id, text, postedAt } = input.data;
  const parsed = parsePost(text, postedAt ? { postedAt: new Date(postedAt) } : {});
  const out: Record<string, unknown> = { id };
  for (const key of FIELDS) out[key] = parsed[key];
  return { ok: true, output: JSON.stringify(out) };
}
