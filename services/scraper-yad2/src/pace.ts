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
