import type { EventCatalogue } from "@dirabot/platform";
import { EVENTS } from "@dirabot/proto/events";

/**
 * docs/ARCHITECTURE.md's producer → consumer table, made from the declarations
 * (@dirabot/proto/events) and the recorded catalogue (who subscribes to what), written between
 * its markers by `npm run events:catalogue`; `events-catalogue.test.ts` fails when it is stale.
 */
export const BEGIN = "<!-- events:begin -->";
export const END = "<!-- events:end -->";

const short = (typeName: string) => typeName.slice(typeName.lastIndexOf(".") + 1);

/** Who takes a subject: each component once. */
function consumersOf(catalogue: EventCatalogue, subject: string): string {
  const names = Object.entries(catalogue)
    .filter(([, entry]) => entry.subscribes.includes(subject))
    .map(([name]) => name);
  return names.length ? names.join(", ") : "—";
}

export function eventsTable(catalogue: EventCatalogue): string {
  const rows = EVENTS.map(
    (e) =>
      `| \`${e.subject}\` | \`${short(e.schema.typeName)}\` | ${e.producer} | ${consumersOf(catalogue, e.subject)} |`,
  );
  return ["| subject | payload | producer | consumers |", "|---|---|---|---|", ...rows].join("\n");
}

/** The document with its table replaced (the markers must be there, each once). */
export function withEventsTable(markdown: string, table: string): string {
  const start = markdown.indexOf(BEGIN);
  const end = markdown.indexOf(END);
  if (start < 0 || end < start) throw new Error(`the document has no ${BEGIN} … ${END} section`);
  return `${markdown.slice(0, start + BEGIN.length)}\n${table}\n${markdown.slice(end)}`;
}
