/**
 * Scores the parser against a labelled set: per field, exact matches, wrong values
 * (a value that differs from the label, including a value where the label is null) and
 * misses (null where the label has a value). Shared by `npm run parser:accuracy` and the
 * accuracy-floor test, so both report the same figures.
 */
import { FIELDS, type ParsedPost, parsePost } from "./index.ts";

export interface LabelledPost {
  id: string;
  text: string;
  source?: string;
  postedAt?: string;
  expected: ParsedPost;
  /** Other answers a reader could also give (e.g. N+1 rooms for "N bedrooms"): counted as right. */
  alt?: Partial<Record<keyof ParsedPost, unknown[]>>;
}

/** The fields the macro average is taken over (the listing's facts a renter filters on). */
export const MACRO_FIELDS = [
  "kind",
  "price",
  "rooms",
  "floor",
  "size",
  "phone",
  "street",
  "neighborhood",
  "broker",
] as const satisfies readonly (keyof ParsedPost)[];

/** `שדרות X` and `X` name the same street; the comparison ignores the word. */
function comparable(field: keyof ParsedPost, value: unknown): unknown {
  return field === "street" && typeof value === "string" ? value.replace(/^שדרות\s+/, "") : value;
}

function matches(post: LabelledPost, field: keyof ParsedPost, actual: unknown): boolean {
  const a = comparable(field, actual);
  if (a === comparable(field, post.expected[field] ?? null)) return true;
  return (post.alt?.[field] ?? []).some((v) => comparable(field, v) === a);
}

export function macroAverage(fields: FieldScore[]): number {
  const picked = fields.filter((f) => (MACRO_FIELDS as readonly string[]).includes(f.field));
  return picked.reduce((sum, f) => sum + f.accuracy, 0) / picked.length;
}

export interface FieldScore {
  field: keyof ParsedPost;
  total: number;
  correct: number;
  /** A value that is not the label's (the label may be null). */
  wrong: number;
  /** Null where the label has a value. */
  missed: number;
  /** Correct non-null predictions (an accepted alternative counts) / non-null predictions. */
  precision: number;
  /** Correct non-null predictions / non-null labels. */
  recall: number;
  accuracy: number;
}

export interface Mismatch {
  id: string;
  field: keyof ParsedPost;
  expected: unknown;
  actual: unknown;
}

export function parseLabelled(jsonl: string): LabelledPost[] {
  return jsonl
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as LabelledPost);
}

/** The listing's entry date of a post where it is not the parse:post label (`test/posts/entry.jsonl`). */
interface EntryLabel {
  id: string;
  entry: string | null;
  alt?: (string | null)[];
  /** What the post says, in short. */
  why: string;
}

/**
 * Adds the listing's entry date (`entry`) to each post's labels: the listed value where the post
 * has one, else the parse:post label (a day the post gives is the same in both; a not-offer has
 * none), with the parse:post alternatives.
 */
export function withEntryLabels(posts: LabelledPost[], jsonl: string): LabelledPost[] {
  const labels = new Map(
    jsonl
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => JSON.parse(l) as EntryLabel)
      .map((l) => [l.id, l]),
  );
  return posts.map((post) => {
    const own = labels.get(post.id);
    const entry = own ? own.entry : post.expected.entryDate;
    const alt = own ? (own.alt ?? []) : (post.alt?.entryDate ?? []);
    return { ...post, expected: { ...post.expected, entry }, alt: { ...post.alt, entry: alt } };
  });
}

/**
 * Posts labelled for the entry date alone (`test/posts/entry-fresh.jsonl`: `entryDate` by
 * FIELDS.md, `entry` for the listing), as labelled posts to score on those two fields.
 */
export function parseEntryPosts(jsonl: string): LabelledPost[] {
  return jsonl
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => {
      const p = JSON.parse(l) as Pick<LabelledPost, "id" | "text" | "source" | "postedAt" | "alt"> &
        Pick<ParsedPost, "entryDate" | "entry">;
      const expected = { entryDate: p.entryDate, entry: p.entry } as ParsedPost;
      return { id: p.id, text: p.text, source: p.source, postedAt: p.postedAt, alt: p.alt, expected };
    });
}

/** Scores `fields` (parse:post's by default; add `entry` after `withEntryLabels`). */
export function score(
  posts: LabelledPost[],
  scored: readonly (keyof ParsedPost)[] = FIELDS,
): { fields: FieldScore[]; mismatches: Mismatch[] } {
  const mismatches: Mismatch[] = [];
  const parsed = posts.map((post) =>
    parsePost(post.text, post.postedAt ? { postedAt: new Date(post.postedAt) } : {}),
  );
  const fields = scored.map((field) => {
    let correct = 0;
    let wrong = 0;
    let missed = 0;
    let predicted = 0;
    let labelled = 0;
    let hits = 0;
    let right = 0;
    for (const [i, post] of posts.entries()) {
      const actual = parsed[i]?.[field] ?? null;
      const expected = post.expected[field] ?? null;
      if (actual !== null) predicted++;
      if (expected !== null) labelled++;
      if (matches(post, field, actual)) {
        correct++;
        if (actual !== null) right++;
        if (actual !== null && expected !== null) hits++;
        continue;
      }
      if (actual === null) missed++;
      else wrong++;
      mismatches.push({ id: post.id, field, expected, actual });
    }
    const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
    return {
      field,
      total: posts.length,
      correct,
      wrong,
      missed,
      precision: ratio(right, predicted),
      recall: ratio(hits, labelled),
      accuracy: ratio(correct, posts.length),
    };
  });
  return { fields, mismatches };
}

export function formatTable(fields: FieldScore[]): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(7);
  const rows = fields.map(
    (f) =>
      `${f.field.padEnd(17)}${pct(f.accuracy)}  ${String(f.correct).padStart(4)}/${f.total}` +
      `${String(f.wrong).padStart(7)}${String(f.missed).padStart(8)}${pct(f.precision)}${pct(f.recall)}`,
  );
  const header = `${"field".padEnd(17)}${"exact".padStart(7)}  ${"hits".padStart(8)}${"wrong".padStart(7)}${"missed".padStart(8)}${"prec".padStart(7)}${"recall".padStart(7)}`;
  return [header, ...rows].join("\n");
}
