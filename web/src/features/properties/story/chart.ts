// The price history chart's geometry, apart from React so it can be tested: which points are drawn,
// how prices and times map to the SVG box, the step line (a rent holds until it changes) and the
// axis ticks.

/** The shortest time axis: a price seen a moment ago still gets a line to "now". */
const MIN_SPAN_MS = 3_600_000;
/** Changes closer than this (px) are pushed apart, so two quick re-pricings stay two points. */
export const MIN_GAP = 24;

/** One price the flat was offered at, from `at` (ms since the epoch) until the next one. */
export interface PricePoint {
  price: number;
  at: number;
}

/** The SVG's size and the margins the axis labels live in. */
export interface ChartBox {
  width: number;
  height: number;
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface PlottedPoint extends PricePoint {
  x: number;
  y: number;
}

export interface ChartGeometry {
  points: PlottedPoint[];
  /** The step line: flat while a price holds, a vertical step where it changed, on to the end. */
  line: string;
  /** The same line closed down to the x axis, for a soft fill under it. */
  area: string;
  yTicks: { y: number; value: number }[];
  xTicks: { x: number; at: number }[];
  /** The plot's inner edges, for grid lines. */
  plot: { x0: number; x1: number; y0: number; y1: number };
}

/**
 * The points worth drawing, oldest first: entries without a price ("call for price") or with an
 * unreadable date are left out, and a price equal to the one before it is no change, so it is
 * dropped (the step line already holds that price).
 */
export function pricePoints(history: { price: number | null; at: string }[]): PricePoint[] {
  const valid = history
    .map((h) => ({ price: h.price, at: Date.parse(h.at) }))
    .filter((h): h is PricePoint => h.price !== null && h.price > 0 && Number.isFinite(h.at))
    .sort((a, b) => a.at - b.at);
  return valid.filter((p, i) => i === 0 || p.price !== valid[i - 1]?.price);
}

/** A round step (1, 2 or 5 times a power of ten) near `span / count`, so ticks read as ₪4,500 not ₪4,437. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0) || !(count > 0)) return 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/**
 * The price axis: round bounds around every price and the ticks between them. One price (or equal
 * ones) sits in the middle of a band one step either side, so a single point is not on the edge.
 */
export function priceDomain(prices: number[], ticks = 2): { min: number; max: number; step: number } {
  const lo = Math.min(...prices);
  const hi = Math.max(...prices);
  if (lo === hi) {
    const step = niceStep(Math.max(lo * 0.1, 1), 1);
    return { min: Math.max(0, lo - step), max: hi + step, step };
  }
  const step = niceStep(hi - lo, ticks);
  return { min: Math.floor(lo / step) * step, max: Math.ceil(hi / step) * step, step };
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Spreads x positions at least `gap` apart within [x0, x1], keeping their order: later points are
 * pushed right, then, if that ran past the end, earlier ones are pulled left. When even that cannot
 * fit them, they are spaced evenly. Time stays proportional wherever points are far apart.
 */
export function spread(xs: number[], x0: number, x1: number, gap: number): number[] {
  if (xs.length < 2) return xs;
  if ((xs.length - 1) * gap > x1 - x0) return xs.map((_, i) => x0 + (i * (x1 - x0)) / (xs.length - 1));
  const out = [...xs];
  for (let i = 1; i < out.length; i++) out[i] = Math.max(out[i] as number, (out[i - 1] as number) + gap);
  out[out.length - 1] = Math.min(out[out.length - 1] as number, x1);
  for (let i = out.length - 2; i >= 0; i--) out[i] = Math.min(out[i] as number, (out[i + 1] as number) - gap);
  return out;
}

/**
 * Maps the points into the box. Time runs from the first price to `end` (now, or the day the flat
 * went off the market), at least an hour so a fresh listing still has a line; the last price holds
 * until `end`. Empty input gives an empty chart (the component draws nothing then).
 */
export function chartGeometry(points: PricePoint[], end: number, box: ChartBox): ChartGeometry {
  const plot = { x0: box.left, x1: box.width - box.right, y0: box.top, y1: box.height - box.bottom };
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return { points: [], line: "", area: "", yTicks: [], xTicks: [], plot };

  const start = first.at;
  const stop = Math.max(end, last.at, start + MIN_SPAN_MS);
  const domain = priceDomain(points.map((p) => p.price));
  const x = (at: number) => round(plot.x0 + ((at - start) / (stop - start)) * (plot.x1 - plot.x0));
  const y = (price: number) =>
    round(plot.y1 - ((price - domain.min) / (domain.max - domain.min)) * (plot.y1 - plot.y0));

  const xs = spread(
    points.map((p) => x(p.at)),
    plot.x0,
    plot.x1,
    MIN_GAP,
  );
  const plotted = points.map((p, i) => ({ ...p, x: round(xs[i] as number), y: y(p.price) }));
  const steps = plotted.slice(1).map((p) => `H${p.x}V${p.y}`);
  const line = `M${plotted[0]?.x},${plotted[0]?.y}${steps.join("")}H${x(stop)}`;
  const area = `${line}V${plot.y1}H${plotted[0]?.x}Z`;

  const yTicks: ChartGeometry["yTicks"] = [];
  // Integer tick indexes, not repeated float additions, so the last tick is exactly the maximum.
  const count = Math.round((domain.max - domain.min) / domain.step);
  for (let i = 0; i <= count; i++) {
    const value = domain.min + i * domain.step;
    yTicks.push({ y: y(value), value });
  }
  const xTicks = [
    { x: x(start), at: start },
    { x: x(stop), at: stop },
  ];
  return { points: plotted, line, area, yTicks, xTicks, plot };
}
