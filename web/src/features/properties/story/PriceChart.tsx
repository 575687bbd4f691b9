import clsx from "clsx";
import { useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "../../../i18n/index.ts";
import { type ChartBox, chartGeometry, type PricePoint } from "./chart.ts";
import styles from "./PriceChart.module.css";
import shared from "./shared.module.css";
import { shekels, shortDate } from "./texts.ts";
import { useWidth } from "./useWidth.ts";

// The price history as a step line: drawn at the container's real width so labels keep
// their size on a phone. Each point is focusable and names its price and date (an SVG <title> and
// the visually hidden table below), and hovering anywhere picks the nearest change. Right to left
// the chart is mirrored: time runs from the right, the prices stand at the right edge.

const HEIGHT = 148;
const MARGIN = { top: 14, right: 14, bottom: 26, left: 58 };

interface Props {
  points: PricePoint[];
  /** Where the line ends: now, or the day the flat left the market. */
  end: number;
  /** 'Today' or 'Removed 12 Nov': the label under the end of the line. */
  endLabel: string;
  now: number;
}

export function PriceChart({ points, end, endLabel, now }: Props) {
  const { t, i18n } = useTranslation("properties");
  const rtl = i18n.dir() === "rtl";
  const frame = useRef<HTMLDivElement>(null);
  const width = useWidth(frame, 420);
  const [active, setActive] = useState<number | null>(null);
  const gradient = useId();
  const g = useMemo(() => {
    const box: ChartBox = { width, height: HEIGHT, ...MARGIN };
    return chartGeometry(points, end, box);
  }, [points, end, width]);
  if (!g.points.length) return null;
  /** Where an x of the geometry is drawn. */
  const drawnX = (x: number) => (rtl ? width - x : x);

  const pointLabel = (p: PricePoint, i: number) =>
    t(i === 0 ? "story.pointFirst" : "story.pointFrom", {
      price: shekels(p.price),
      date: shortDate(p.at, now),
    });
  const nearest = (clientX: number, frameElement: HTMLElement) => {
    const x = clientX - frameElement.getBoundingClientRect().left;
    let best = 0;
    g.points.forEach((p, i) => {
      if (Math.abs(drawnX(p.x) - x) < Math.abs(drawnX(g.points[best]?.x ?? 0) - x)) best = i;
    });
    return best;
  };
  const shown = active === null ? null : g.points[active];
  const last = g.points.length - 1;

  return (
    <div
      className={styles.chart}
      data-testid="story-chart"
      ref={frame}
      onPointerMove={(e) => setActive(nearest(e.clientX, e.currentTarget))}
      onPointerLeave={() => setActive(null)}
    >
      {/* Drawn for the eye only: the buttons below and the table carry the same values. */}
      <svg
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        aria-hidden="true"
        focusable="false"
      >
        <defs>
          <linearGradient id={gradient} x1="0" x2="0" y1="0" y2="1">
            <stop offset="0%" className={styles.fillTop} />
            <stop offset="100%" className={styles.fillBottom} />
          </linearGradient>
        </defs>
        {g.yTicks.map((t) => (
          <g key={t.value} className={styles.grid}>
            <line x1={drawnX(g.plot.x0)} x2={drawnX(g.plot.x1)} y1={t.y} y2={t.y} />
            {/* 'end' is the text's left edge right to left: either way it stands clear of the plot. */}
            <text x={drawnX(g.plot.x0 - 8)} y={t.y} dy="0.32em" textAnchor="end">
              {shekels(t.value)}
            </text>
          </g>
        ))}
        {g.xTicks.map((t, i) => (
          <text
            key={t.at}
            className={styles.axis}
            x={drawnX(t.x)}
            y={HEIGHT - 6}
            textAnchor={i === 0 ? "start" : "end"}
          >
            {i === 0 ? shortDate(t.at, now) : endLabel}
          </text>
        ))}
        <g transform={rtl ? `matrix(-1 0 0 1 ${width} 0)` : undefined}>
          <path d={g.area} fill={`url(#${gradient})`} />
          <path d={g.line} className={styles.line} data-testid="story-chart-line" />
          {shown ? (
            <line className={styles.cursor} x1={shown.x} x2={shown.x} y1={g.plot.y0} y2={g.plot.y1} />
          ) : null}
          {g.points.map((p, i) => (
            <circle
              key={p.at}
              className={clsx(styles.point, i === active && styles.active, i === last && styles.current)}
              cx={p.x}
              cy={p.y}
              r={i === active ? 6 : 4.5}
            />
          ))}
        </g>
      </svg>
      {/* One focusable spot per change: Tab walks the history, each names its price and date. */}
      {g.points.map((p, i) => (
        <button
          key={p.at}
          type="button"
          className={styles.hit}
          // From the line's start side, so right to left it is measured from the right.
          style={{ insetInlineStart: p.x, top: p.y }}
          aria-label={pointLabel(p, i)}
          onFocus={() => setActive(i)}
          onBlur={() => setActive(null)}
        />
      ))}
      {shown ? (
        <div
          // Near the top the tip would cover the heading above: it drops below the point instead.
          className={clsx(styles.tip, shown.y < 48 && styles.below)}
          style={{ left: drawnX(Math.min(Math.max(shown.x, 48), width - 48)), top: shown.y }}
          aria-hidden="true"
          data-testid="story-chart-tip"
        >
          <strong>{shekels(shown.price)}</strong>
          <span>{shortDate(shown.at, now)}</span>
        </div>
      ) : null}
      <table className={shared.visuallyHidden}>
        <caption>{t("story.priceHistory")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("story.since")}</th>
            <th scope="col">{t("story.price")}</th>
          </tr>
        </thead>
        <tbody>
          {g.points.map((p) => (
            <tr key={p.at}>
              <td>{shortDate(p.at, now)}</td>
              <td>{shekels(p.price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
