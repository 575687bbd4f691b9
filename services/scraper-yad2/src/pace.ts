/** A wait that ends early (rejecting) when the signal aborts, so stop() is prompt. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** ms spread evenly over ±spread (0.2 → 80%–120%), so replicas and runs do not march in step. */
export const jitter = (ms: number, spread = 0.5) =>
  Math.max(0, Math.round(ms * (1 - spread + Math.random() * 2 * spread)));

/** Exponential back-off with jitter: base·2^(n−1), at most max, then 50–100% of it. */
export function backoff(failures: number, baseMs: number, maxMs: number): number {
  const full = Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(30, failures - 1)));
  return Math.round(full * (0.5 + Math.random() * 0.5));
}

/**
 * Runs fn over items, at most `limit` at a time. fn handles the failures it can live with; the
 * first one it throws stops new work, lets the running ones finish, and is thrown.
 */
export async function eachLimit<T>(items: T[], limit: number, fn: (t: T) => Promise<void>): Promise<void> {
  let next = 0;
  let fatal: { err: unknown } | undefined;
  const worker = async () => {
    while (!fatal && next < items.length) {
      const item = items[next++] as T;
      await fn(item).catch((err: unknown) => {
        fatal ??= { err };
      });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (fatal) throw fatal.err;
}

export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
