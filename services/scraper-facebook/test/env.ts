import { createLogger, loadSettings } from "@dirabot/platform";
import { startEmbeddedPostgres } from "@dirabot/platform/db/embedded.ts";
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
    CHROME_PATH: process.env.CHROME_PATH,
    ...extra,
  });

/**
 * A database several replicas share: the CI server when named, else an embedded one served on a
 * local port (each launch would otherwise keep its own).
 */
export async function sharedDatabase(): Promise<{ url: string; stop(): Promise<void> }> {
  if (external.database) return { url: external.database, stop: async () => undefined };
  return startEmbeddedPostgres(tempDir(), createLogger("silent"));
}
