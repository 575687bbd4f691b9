import { loadSettings } from "@dirabot/platform";
import { external, tempDir } from "../../platform/test/helpers.ts";

/** Settings of a test process: a fresh DATA_DIR, any port, and the CI servers when named. */
export const testSettings = (extra: Record<string, string | undefined> = {}) =>
  loadSettings({
    DATA_DIR: tempDir(),
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    DATABASE_URL: external.database,
    NATS_URL: external.nats,
    ...extra,
  });

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
