import { create } from "@bufbuild/protobuf";
import { type Facts, FactsSchema } from "@dirabot/proto/listings/v1/listings_pb.js";

/** The facts' columns and their proto names, in one list (migration 0004_facts). */
export const FACTS = [
  ["safe_room", "safeRoom"],
  ["parking", "parking"],
  ["elevator", "elevator"],
  ["balcony", "balcony"],
  ["furnished", "furnished"],
  ["pets", "pets"],
  ["air_conditioning", "airConditioning"],
  ["accessible", "accessible"],
] as const;

export type FactColumn = (typeof FACTS)[number][0];
/** A listing's facts as stored: null is unknown, never "no". */
export type FactColumns = { [K in FactColumn]: boolean | null };

/** The source's facts laid over the stored ones: a fact the source leaves unset keeps its value. */
export function mergeFacts(input: Facts | undefined, prev: FactColumns | undefined): FactColumns {
  const out = {} as FactColumns;
  for (const [col, name] of FACTS) out[col] = input?.[name] ?? prev?.[col] ?? null;
  return out;
}

/**
 * A duplicate group's facts: for each fact the first known value in the order given (the listing
 * read first, then the others newest first), so a known value beats unknown and two sources that
 * disagree keep the listing's own word.
 */
export function groupFacts(rows: FactColumns[]): Facts {
  const out = create(FactsSchema, {});
  for (const [col, name] of FACTS) {
    const known = rows.find((r) => r[col] !== null)?.[col];
    if (known !== undefined && known !== null) out[name] = known;
  }
  return out;
}

export function factsProto(r: FactColumns): Facts {
  return groupFacts([r]);
}

/** The kind as a renter reads it: a whole flat for long-term rent, a sublet, or a room in a shared flat. */
export function termOf(kind: string): "long" | "sublet" | "room" {
  return kind === "sublet" ? "sublet" : kind === "room" ? "room" : "long";
}

/** The kinds of the given terms (the browse filter's). */
export function kindsOf(terms: string[]): string[] {
  return terms
    .map((t) => (t === "long" ? "apartment" : t))
    .filter((k) => ["apartment", "sublet", "room"].includes(k));
}

/** A fact whose value changed between two versions of a listing (`from` null: it was unknown). */
export interface FactDiff {
  col: FactColumn;
  name: (typeof FACTS)[number][1];
  from: boolean | null;
  to: boolean;
}

/** The facts whose value changed (a merge never turns a known fact unknown). */
export function factDiffs(prev: FactColumns, next: FactColumns): FactDiff[] {
  const out: FactDiff[] = [];
  for (const [col, name] of FACTS) {
    const to = next[col];
    if (to !== null && to !== prev[col]) out.push({ col, name, from: prev[col], to });
  }
  return out;
}
