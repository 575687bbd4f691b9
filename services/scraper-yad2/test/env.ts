export { testSettings } from "@dirabot/platform/testing";

/** Module options that make the loops quick and polite only in name. */
export const fast = {
  scraperIntervalMs: 300,
  cleanerIntervalMs: 300,
  requestDelayMs: 0,
  backoffBaseMs: 200,
  backoffMaxMs: 800,
  leaseTtlMs: 5000,
  idleMs: 50,
  timeoutMs: 10_000,
  cleanerBatch: 1000,
  detailsConcurrency: 8,
  maxDetailsPerRun: 1000,
};
