import type { TFunction } from "i18next";
import type { Message, ReadMark, Vote } from "./types.ts";

// The chat's people by id, for the names beside votes, quick replies and "Seen by": the names
// the server keeps with each read mark, vote and reply (as they were then), the newest last.

/** The longest note on a vote; the server refuses longer ones. */
export const NOTE_MAX = 200;

export type People = ReadonlyMap<string, string>;

export function peopleOf(readMarks: readonly ReadMark[], messages: readonly Message[]): People {
  const people = new Map<string, string>();
  for (const m of messages)
    for (const p of [...(m.votes ?? []), ...(m.replies ?? [])])
      if (p.fullname) people.set(p.userId, p.fullname);
  for (const r of readMarks) if (r.fullname) people.set(r.userId, r.fullname);
  return people;
}

/** A person's name as the reader sees it: "You" for themselves. */
export function nameOf(
  people: People,
  id: string,
  me: string,
  fallback: string,
  t: TFunction<"chats">,
): string {
  if (id === me) return t("votes.you");
  return people.get(id) || fallback || t("votes.someone");
}

export const tally = (votes: readonly Vote[]) => ({
  up: votes.filter((v) => v.vote === "up").length,
  down: votes.filter((v) => v.vote === "down").length,
});
