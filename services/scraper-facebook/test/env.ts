import { createLogger } from "@dirabot/platform";
import { startEmbeddedPostgres } from "@dirabot/platform/db/embedded.ts";
import { external, tempDir } from "../../platform/test/helpers.ts";

export { testSettings } from "../../platform/test/settings.ts";

/**
 * A database several replicas in this process share: the CI server when named, else an embedded
 * one (each launch would otherwise keep its own). The embedded one has no listener: its URL
 * works only inside this process.
 */
export async function sharedDatabase(): Promise<{ url: string; stop(): Promise<void> }> {
  if (external.database) return { url: external.database, stop: async () => undefined };
  return startEmbeddedPostgres(tempDir(), createLogger("silent"));
}
