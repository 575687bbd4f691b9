import { Classes } from "@blueprintjs/core";
import clsx from "clsx";
import { useTranslation } from "../../../i18n/index.ts";
import type { Freshness, SourceFigures } from "./api.ts";
import { FreshnessChart } from "./FreshnessChart.tsx";
import styles from "./FreshnessSummary.module.css";
import { delay, deliveries } from "./texts.ts";

// How fast this source's new flats reached the first matched user's chat (from the source's own
// publication time): median and p95 over the last hour and day, and the last 24 hours' bars.

function Window({ label, f }: { label: string; f: Freshness }) {
  const { t } = useTranslation("admin");
  return (
    <div className={styles.window}>
      <span className={clsx(Classes.TEXT_MUTED, styles.label)}>{label}</span>
      <span className={styles.median} data-testid="freshness-median">
        {delay(f.medianSeconds)}
      </span>
      <span className={clsx(Classes.TEXT_MUTED, styles.rest)}>
        {f.count
          ? t("figures.fresh.rest", { p95: delay(f.p95Seconds), deliveries: deliveries(f.count) })
          : t("figures.fresh.none")}
      </span>
    </div>
  );
}

export function FreshnessSummary({ source }: { source: SourceFigures }) {
  const { t } = useTranslation("admin");
  const f = source.freshness;
  if (f.listings === null)
    return <p className={clsx(Classes.TEXT_MUTED, styles.note)}>{t("figures.fresh.cleaner")}</p>;
  if (!f.available)
    return <p className={clsx(Classes.TEXT_MUTED, styles.note)}>{t("figures.fresh.unavailable")}</p>;
  return (
    <>
      <div className={styles.windows}>
        <Window label={t("figures.fresh.medianHour")} f={f.lastHour} />
        <Window label={t("figures.fresh.medianDay")} f={f.lastDay} />
      </div>
      <FreshnessChart hourly={f.hourly} />
    </>
  );
}
