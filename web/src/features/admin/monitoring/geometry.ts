// The panel's drawings as pure geometry, apart from React so they can be tested: the freshness
// bars of the last 24 hours and the blocked periods on a 24-hour strip.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface HourInput {
  hour: string;
  count: number;
  medianSeconds: number | null;
  p95Seconds: number | null;
}

export interface Bar {
  /** The hour's start, ms since the epoch. */
  at: number;
  count: number;
  /** In the SVG's user units (the chart is `width` × `height`). */
  x: number;
  width: number;
  /** The median's bar: top and height (0 for an hour without deliveries). */
  y: number;
  height: number;
  /** The p95's tick, where there is one. */
  p95Y: number | null;
  median: number | null;
  p95: number | null;
}

export interface Bars {
  bars: Bar[];
  /** The delay the top of the chart stands for (s): a round value above the largest p95. */
  top: number;
}

/** Delay axis tops whose halves read well too (30 s, 1, 2, 5, 10, 15, 30 min, 1, 2, 4, 12 h). */
const TOPS = [60, 120, 240, 600, 1200, 1800, 3600, 7200, 14_400, 28_800, 86_400];

/** A round top for the delay axis at or above `max` seconds (whole days past a day). */
export function roundTop(max: number): number {
  const top = TOPS.find((t) => t >= max);
  return top ?? Math.ceil(max / 172_800) * 172_800;
}

/**
 * One bar per hour, oldest first, the median's height against a shared top; the p95 as a tick
 * above it. Hours are laid side by side with a gap, so 24 thin bars still read as 24.
 */
export function hourBars(hourly: HourInput[], width: number, height: number, gap = 2): Bars {
  const top = roundTop(Math.max(0, ...hourly.map((h) => h.p95Seconds ?? h.medianSeconds ?? 0)));
  const slot = hourly.length ? width / hourly.length : width;
  const barWidth = Math.max(1, slot - gap);
  const yOf = (seconds: number) => height - (Math.min(seconds, top) / top) * height;
  const bars = hourly.map((h, i) => {
    const median = h.count > 0 ? h.medianSeconds : null;
    const p95 = h.count > 0 ? h.p95Seconds : null;
    const y = median === null ? height : yOf(median);
    return {
      at: Date.parse(h.hour),
      count: h.count,
      x: i * slot + gap / 2,
      width: barWidth,
      // A delivered hour always shows: at least a sliver.
      y: median === null ? height : Math.min(y, height - 2),
      height: median === null ? 0 : Math.max(2, height - y),
      p95Y: p95 === null ? null : yOf(p95),
      median,
      p95,
    };
  });
  return { bars, top };
}

export interface Segment {
  /** Percent of the strip from its left edge (24 hours ago) and the segment's width. */
  left: number;
  width: number;
  from: number;
  /** null: still blocked. */
  to: number | null;
  reason: string;
}

/**
 * The blocked periods on a strip from 24 hours before `now` to `now`: a period that began before
 * the strip starts at its edge, an open one runs to now, and a short one is still a visible mark.
 */
export function timelineSegments(
  periods: { from: string; to: string | null; reason: string }[],
  now: number,
  minWidth = 0.6,
): Segment[] {
  const start = now - DAY_MS;
  const pct = (t: number) => ((Math.min(Math.max(t, start), now) - start) / DAY_MS) * 100;
  return periods
    .map((p) => ({ from: Date.parse(p.from), to: p.to === null ? null : Date.parse(p.to), reason: p.reason }))
    .filter((p) => Number.isFinite(p.from) && (p.to === null || p.to >= start))
    .map((p) => {
      const left = pct(p.from);
      const right = pct(p.to ?? now);
      const width = Math.max(minWidth, right - left);
      return { ...p, left: Math.min(left, 100 - width), width };
    });
}
