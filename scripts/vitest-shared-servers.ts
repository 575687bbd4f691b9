import { emptySharedServers } from "@dirabot/platform/testing";

// Vitest's global setup: the servers a run names (TEST_DATABASE_URL, TEST_NATS_URL,
// TEST_REDIS_URL) start empty, whatever an earlier run left in them.
export default async function setup(): Promise<void> {
  await emptySharedServers();
}
