import { launch } from "@dirabot/platform";
import { external, NODE, startProcess, tempDir, waitFor } from "@dirabot/platform/testing";
import { afterAll, describe, expect, it } from "vitest";
import { BotApiDouble } from "../test/bot-api-double.ts";
import { testSettings as env } from "../test/env.ts";
import { createTelegram } from "./module.ts";

interface Replica {
  double: BotApiDouble;
  stop(): Promise<void>;
}
const stops: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const s of stops.splice(0)) await s().catch(() => undefined);
});

/**
 * Two replicas of one bot, each talking to its own Bot API double so we see which one polls.
 * On a shared PostgreSQL (TEST_DATABASE_URL) the second is its own process, so the advisory
 * lock is what keeps them apart; embedded, both run in this process (one database session).
 */
async function replica(token: string, ownProcess: boolean): Promise<Replica> {
  const double = await BotApiDouble.start({ token });
  stops.push(() => double.close());
  const vars = { TELEGRAM_BOT_TOKEN: token, TELEGRAM_API_ROOT: double.url };
  if (!ownProcess) {
    const running = await launch(env(vars), [createTelegram({ lockRetryMs: 300 })]);
    stops.push(() => running.stop());
    return { double, stop: () => running.stop() };
  }
  const proc = startProcess(NODE, ["services/telegram/test/instance.ts"], {
    ...vars,
    DATA_DIR: tempDir(),
    PORT: "0",
    HOST: "127.0.0.1",
    DATABASE_URL: external.database,
    NATS_URL: external.nats,
  });
  const stop = async () => {
    if (proc.child.exitCode === null) proc.child.kill("SIGTERM");
    await proc.exited;
  };
  stops.push(stop);
  await proc.port;
  return { double, stop };
}

describe("two replicas of the telegram service", () => {
  it("poll one at a time, and the other takes over when the poller stops", async () => {
    const token = `${Math.floor(Math.random() * 1e9)}:lock`;
    const a = await replica(token, false);
    const b = await replica(token, external.database !== undefined);
    const poller = await waitFor(
      async () => (a.double.polls > 0 ? a : b.double.polls > 0 ? b : undefined),
      "a replica to poll",
    );
    const other = poller === a ? b : a;
    await new Promise((r) => setTimeout(r, 1500)); // several lock retries of the other replica
    expect(other.double.polls).toBe(0);
    expect(poller.double.polls).toBeGreaterThan(0);

    await poller.stop();
    await waitFor(async () => (other.double.polls > 0 ? true : undefined), "the other replica to take over");
    other.double.userSays({ chatId: 9001 }, "/start");
    await waitFor(async () => (other.double.sentTo(9001).length > 0 ? true : undefined), "its answer");
  }, 90_000); // two embedded databases start inside the test
});
