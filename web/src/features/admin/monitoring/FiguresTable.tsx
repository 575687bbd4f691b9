import { HTMLTable } from "@blueprintjs/core";
import type { RunTotals, SourceFigures } from "./api.ts";
import styles from "./FiguresTable.module.css";
import { count } from "./texts.ts";

// The run figures of one source over the last hour and day: the rows that mean something for it
// (the cleaner removes, the Yad2 scraper splits areas at the map's cap, Facebook reads posts).

type Row = { label: string; value: (t: RunTotals) => string; hint?: string };

const runs: Row = {
  label: "Runs",
  value: (t) => (t.failedRuns ? `${count(t.runs)} (${count(t.failedRuns)} failed)` : count(t.runs)),
};

const ROWS: Record<SourceFigures["name"], Row[]> = {
  "yad2-scraper": [
    { label: "Listings seen", value: (t) => count(t.seen) },
    { label: "New", value: (t) => count(t.new) },
    { label: "Updated", value: (t) => count(t.updated) },
    {
      label: "Cap splits",
      value: (t) =>
        t.capped ? `${count(t.capSplits)} (${count(t.capped)} still capped)` : count(t.capSplits),
      hint: "Areas whose map answer hit Yad2's 200-marker cap and were read again by price and rooms",
    },
    runs,
  ],
  "yad2-cleaner": [
    { label: "Listings checked", value: (t) => count(t.seen) },
    { label: "Removed", value: (t) => count(t.removed) },
    runs,
  ],
  "facebook-scraper": [
    { label: "Posts read", value: (t) => count(t.seen) },
    { label: "New", value: (t) => count(t.new) },
    { label: "Updated", value: (t) => count(t.updated) },
    runs,
  ],
};

export function FiguresTable({ source }: { source: SourceFigures }) {
  return (
    <HTMLTable compact className={styles.table} aria-label={`${source.title} figures`}>
      <thead>
        <tr>
          <th scope="col">
            <span className={styles.sr}>Figure</span>
          </th>
          <th scope="col">Last hour</th>
          <th scope="col">Last day</th>
        </tr>
      </thead>
      <tbody>
        {ROWS[source.name].map((row) => (
          <tr key={row.label}>
            <th scope="row" title={row.hint}>
              {row.label}
            </th>
            <td>{row.value(source.lastHour)}</td>
            <td>{row.value(source.lastDay)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
