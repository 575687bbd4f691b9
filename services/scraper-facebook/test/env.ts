import { createLogger, startEmbeddedPostgres } from "@dirabot/platform";
import { external, tempDir } from "@dirabot/platform/testing";

export { testSettings } from "@dirabot/platform/testing";

/**
 * A database several replicas in this process share: the CI server when named, else an embedded
 * one (each launch would otherwise keep its own). The embedded one has no listener: its URL
 * works only inside this process.
 */
export async function sharedDatabase(): Promise<{ url: string; stop(): Promise<void> }> {
  if (external.database) return { url: external.database, stop: async () => undefined };
  return startEmbeddedPostgres(tempDir(), createLogger("silent"));
}
