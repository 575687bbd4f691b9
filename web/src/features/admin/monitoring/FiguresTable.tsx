import { HTMLTable } from "@blueprintjs/core";
import { i18n, useTranslation } from "../../../i18n/index.ts";
import type { RunTotals, SourceFigures } from "./api.ts";
import styles from "./FiguresTable.module.css";
import { count, sourceTitle } from "./texts.ts";

// The run figures of one source over the last hour and day: the rows that mean something for it
// (the cleaner removes, the Yad2 scraper splits areas at the map's cap, Facebook reads posts).

// Labels are catalogue keys under figures.table; values are worded with i18n.t as they are drawn.
type Row = { label: string; value: (t: RunTotals) => string; hint?: string };

const tt = (key: string, values: Record<string, string>) => i18n.t(`admin:figures.table.${key}`, values);

const runs: Row = {
  label: "runs",
  value: (t) =>
    t.failedRuns ? tt("runsFailed", { runs: count(t.runs), failed: count(t.failedRuns) }) : count(t.runs),
};

const ROWS: Record<SourceFigures["name"], Row[]> = {
  "yad2-scraper": [
    { label: "seen", value: (t) => count(t.seen) },
    { label: "new", value: (t) => count(t.new) },
    { label: "updated", value: (t) => count(t.updated) },
    {
      label: "capSplits",
      value: (t) =>
        t.capped
          ? tt("capSplitsValue", { splits: count(t.capSplits), capped: count(t.capped) })
          : count(t.capSplits),
      hint: "capHint",
    },
    runs,
  ],
  "yad2-cleaner": [
    { label: "checked", value: (t) => count(t.seen) },
    { label: "removed", value: (t) => count(t.removed) },
    runs,
  ],
  "facebook-scraper": [
    { label: "posts", value: (t) => count(t.seen) },
    { label: "new", value: (t) => count(t.new) },
    { label: "updated", value: (t) => count(t.updated) },
    runs,
  ],
};

export function FiguresTable({ source }: { source: SourceFigures }) {
  const { t } = useTranslation("admin");
  return (
    <HTMLTable
      compact
      className={styles.table}
      aria-label={t("figures.table.label", { title: sourceTitle(t, source) })}
    >
      <thead>
        <tr>
          <th scope="col">
            <span className={styles.sr}>{t("figures.table.figure")}</span>
          </th>
          <th scope="col">{t("figures.table.lastHour")}</th>
          <th scope="col">{t("figures.table.lastDay")}</th>
        </tr>
      </thead>
      <tbody>
        {ROWS[source.name].map((row) => (
          <tr key={row.label}>
            <th scope="row" title={row.hint ? t(`figures.table.${row.hint}`) : undefined}>
              {t(`figures.table.${row.label}`)}
            </th>
            <td>{row.value(source.lastHour)}</td>
            <td>{row.value(source.lastDay)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
