/**
 * Geometry helpers for the derived files: Douglas–Peucker simplification and rounding of
 * GeoJSON rings (lon/lat degrees). Each ring is simplified on its own, so two neighbours that
 * share a border may leave slivers of up to the tolerance between them — invisible at the
 * tolerances used for the browser, and the assignment polygons are not simplified at all.
 */
export type Position = [number, number];
export type Ring = Position[];
export type PolygonCoords = Ring[];
export type MultiPolygonCoords = PolygonCoords[];

/** Squared distance from p to the segment a–b (in degrees, good enough at these scales). */
function segmentDistance2(p: Position, a: Position, b: Position): number {
  let [x, y] = a;
  let dx = b[0] - x;
  let dy = b[1] - y;
  if (dx !== 0 || dy !== 0) {
    const t = ((p[0] - x) * dx + (p[1] - y) * dy) / (dx * dx + dy * dy);
    if (t > 1) [x, y] = b;
    else if (t > 0) {
      x += dx * t;
      y += dy * t;
    }
  }
  dx = p[0] - x;
  dy = p[1] - y;
  return dx * dx + dy * dy;
}

/** Douglas–Peucker on an open line, iterative so long rings never overflow the stack. */
function douglasPeucker(points: Position[], tolerance: number): Position[] {
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  const tol2 = tolerance * tolerance;
  while (stack.length) {
    const [first, last] = stack.pop() as [number, number];
    let maxD = 0;
    let index = -1;
    for (let i = first + 1; i < last; i++) {
      const d = segmentDistance2(points[i] as Position, points[first] as Position, points[last] as Position);
      if (d > maxD) {
        maxD = d;
        index = i;
      }
    }
    if (index >= 0 && maxD > tol2) {
      keep[index] = 1;
      stack.push([first, index], [index, last]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

const round = (v: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(v * f) / f;
};

/** Rounded, without repeated points, still closed; undefined when it collapses below a triangle. */
export function cleanRing(ring: Ring, tolerance: number, decimals: number): Ring | undefined {
  const rounded: Ring = [];
  for (const [x, y] of ring) {
    const p: Position = [round(x, decimals), round(y, decimals)];
    const prev = rounded[rounded.length - 1];
    if (!prev || prev[0] !== p[0] || prev[1] !== p[1]) rounded.push(p);
  }
  if (rounded.length < 4) return undefined;
  // Split the closed ring at its farthest point from the start, so both halves keep their shape.
  const start = rounded[0] as Position;
  let far = 1;
  let farD = -1;
  for (let i = 1; i < rounded.length - 1; i++) {
    const p = rounded[i] as Position;
    const d = (p[0] - start[0]) ** 2 + (p[1] - start[1]) ** 2;
    if (d > farD) {
      farD = d;
      far = i;
    }
  }
  const out =
    tolerance > 0
      ? [
          ...douglasPeucker(rounded.slice(0, far + 1), tolerance).slice(0, -1),
          ...douglasPeucker(rounded.slice(far), tolerance),
        ]
      : rounded;
  return out.length >= 4 ? out : undefined;
}

/** Twice the signed area: positive when counter-clockwise (lon east, lat north). */
function signedArea2(ring: Ring): number {
  let a = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const p = ring[i] as Position;
    const q = ring[i + 1] as Position;
    a += p[0] * q[1] - q[0] * p[1];
  }
  return a;
}

/** RFC 7946's right-hand rule: shells counter-clockwise, holes clockwise. */
const orient = (ring: Ring, ccw: boolean) => (signedArea2(ring) > 0 === ccw ? ring : [...ring].reverse());

/** A polygon simplified ring by ring; a hole that collapses is dropped, a collapsed shell drops the polygon. */
export function cleanPolygon(
  p: PolygonCoords,
  tolerance: number,
  decimals: number,
): PolygonCoords | undefined {
  const [shell, ...holes] = p;
  const s = shell && cleanRing(shell, tolerance, decimals);
  if (!s) return undefined;
  const hs = holes.map((h) => cleanRing(h, tolerance, decimals)).filter((h): h is Ring => h !== undefined);
  return [orient(s, true), ...hs.map((h) => orient(h, false))];
}

export function cleanMulti(m: MultiPolygonCoords, tolerance: number, decimals: number): MultiPolygonCoords {
  return m
    .map((p) => cleanPolygon(p, tolerance, decimals))
    .filter((p): p is PolygonCoords => p !== undefined);
}

/** Planar area of a ring in square degrees (shoelace); sign ignored. */
export function ringArea(ring: Ring): number {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const pi = ring[i] as Position;
    const pj = ring[j] as Position;
    a += (pj[0] + pi[0]) * (pj[1] - pi[1]);
  }
  return Math.abs(a / 2);
}

export function multiArea(m: MultiPolygonCoords): number {
  let a = 0;
  for (const [shell, ...holes] of m) {
    if (shell) a += ringArea(shell);
    for (const h of holes) a -= ringArea(h);
  }
  return a;
}
