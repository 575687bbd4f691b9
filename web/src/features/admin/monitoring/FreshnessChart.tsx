import clsx from "clsx";
import { useMemo } from "react";
import { useTranslation } from "../../../i18n/index.ts";
import type { HourFreshness } from "./api.ts";
import styles from "./FreshnessChart.module.css";
import { hourBars } from "./geometry.ts";
import shared from "./shared.module.css";
import { axisDelay, clockTime, delay, deliveries } from "./texts.ts";

// The last 24 hours' freshness as bars: each hour's median delay, its p95 as a tick above. The
// SVG stretches to the card's width (bars only, no text in it); the labels are HTML around it.
// Time runs in the reading direction: right to left in Hebrew, as the labels under it do.

const WIDTH = 480;
const HEIGHT = 96;

export function FreshnessChart({ hourly }: { hourly: HourFreshness[] }) {
  const { t, i18n } = useTranslation("admin");
  const rtl = i18n.dir() === "rtl";
  const { bars, top } = useMemo(() => {
    const drawn = hourBars(hourly, WIDTH, HEIGHT);
    if (!rtl) return drawn;
    return { ...drawn, bars: drawn.bars.map((b) => ({ ...b, x: WIDTH - b.x - b.width })) };
  }, [hourly, rtl]);
  if (!bars.length) return null;
  const first = bars[0]?.at ?? 0;
  const middle = bars[12]?.at ?? first;
  const summary = bars
    .filter((b) => b.count > 0)
    .map((b) =>
      t("figures.chart.item", {
        time: clockTime(b.at),
        median: delay(b.median),
        p95: delay(b.p95),
        deliveries: deliveries(b.count),
      }),
    );
  return (
    <figure className={styles.chart}>
      <div className={styles.plot}>
        <div className={styles.axis} aria-hidden="true">
          <span>{axisDelay(top)}</span>
          <span>{axisDelay(top / 2)}</span>
          <span>0</span>
        </div>
        <svg
          className={styles.svg}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={
            summary.length
              ? t("figures.chart.summary", { items: summary.join(t("figures.chart.join")) })
              : t("figures.chart.empty")
          }
        >
          <line className={styles.grid} x1={0} x2={WIDTH} y1={HEIGHT / 2} y2={HEIGHT / 2} />
          <line className={styles.base} x1={0} x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} />
          {bars.map((b) => (
            <g key={b.at}>
              <title>
                {b.count
                  ? t("figures.chart.bar", {
                      time: clockTime(b.at),
                      median: delay(b.median),
                      p95: delay(b.p95),
                      deliveries: deliveries(b.count),
                    })
                  : t("figures.chart.emptyBar", { time: clockTime(b.at) })}
              </title>
              <rect className={styles.slot} x={b.x} y={0} width={b.width} height={HEIGHT} />
              {b.height > 0 ? (
                <rect className={styles.bar} x={b.x} y={b.y} width={b.width} height={b.height} rx={1.5} />
              ) : null}
              {b.p95Y !== null ? (
                <rect className={styles.p95} x={b.x} y={b.p95Y - 1} width={b.width} height={2} />
              ) : null}
            </g>
          ))}
        </svg>
      </div>
      <figcaption className={clsx(shared.times, styles.times)} aria-hidden="true">
        <span>{clockTime(first)}</span>
        <span>{clockTime(middle)}</span>
        <span>{t("figures.timeline.now")}</span>
      </figcaption>
    </figure>
  );
}
