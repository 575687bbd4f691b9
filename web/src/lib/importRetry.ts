// Code fetched on demand (the socket client, the robots' drawing) may fail to download: a dropped
// network, a server answering 5xx. That is no verdict: the import is tried again with back-off
// (1 s doubling to 30 s) until it arrives, or until it is no longer wanted.

const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `load()` until it succeeds; undefined once `wanted()` turns false (checked after each failure
 * and wait). Browsers keep no failed module download, so each attempt fetches again.
 */
export async function importWithRetry<T>(
  load: () => Promise<T>,
  wanted: () => boolean = () => true,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<T | undefined> {
  for (let failures = 0; ; failures++) {
    try {
      return await load();
    } catch {
      if (!wanted()) return undefined;
      await wait(Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** failures));
      if (!wanted()) return undefined;
    }
  }
}
