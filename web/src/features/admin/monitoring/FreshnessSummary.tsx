import { Classes } from "@blueprintjs/core";
import clsx from "clsx";
import type { Freshness, SourceFigures } from "./api.ts";
import { FreshnessChart } from "./FreshnessChart.tsx";
import styles from "./FreshnessSummary.module.css";
import { delay, deliveries } from "./texts.ts";

// How fast this source's new flats reached the first matched user's chat (from the source's own
// publication time): median and p95 over the last hour and day, and the last 24 hours' bars.

function Window({ label, f }: { label: string; f: Freshness }) {
  return (
    <div className={styles.window}>
      <span className={clsx(Classes.TEXT_MUTED, styles.label)}>{label}</span>
      <span className={styles.median} data-testid="freshness-median">
        {delay(f.medianSeconds)}
      </span>
      <span className={clsx(Classes.TEXT_MUTED, styles.rest)}>
        {f.count ? `p95 ${delay(f.p95Seconds)} · ${deliveries(f.count)}` : "no deliveries"}
      </span>
    </div>
  );
}

export function FreshnessSummary({ source }: { source: SourceFigures }) {
  const f = source.freshness;
  if (f.listings === null)
    return (
      <p className={clsx(Classes.TEXT_MUTED, styles.note)}>
        The cleaner brings no new flats: freshness is measured on the scrapers.
      </p>
    );
  if (!f.available)
    return (
      <p className={clsx(Classes.TEXT_MUTED, styles.note)}>
        Freshness is not available right now: the chat service did not answer.
      </p>
    );
  return (
    <>
      <div className={styles.windows}>
        <Window label="Median, last hour" f={f.lastHour} />
        <Window label="Median, last day" f={f.lastDay} />
      </div>
      <FreshnessChart hourly={f.hourly} />
    </>
  );
}
