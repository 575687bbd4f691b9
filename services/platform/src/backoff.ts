/**
 * The one back-off: base·2^(n−1) after n failures, at most max, then 50–100 % of it, so callers
 * that failed together do not come back together and none waits past the cap.
 */
export function backoff(failures: number, baseMs: number, maxMs: number, random = Math.random): number {
  const full = Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(30, failures - 1)));
  return Math.round(full * (0.5 + random() * 0.5));
}
