import { jetstreamManager } from "@nats-io/jetstream";
import { connect } from "@nats-io/transport-node";
import { afterAll, describe, expect, it, vi } from "vitest";
import { uniqueId } from "../../test/helpers.ts";
import { createLogger } from "../logger.ts";
import { STREAM } from "./bus.ts";
import { NatsBus } from "./nats-bus.ts";

// A consumer whose messages end from under it (here: its durable deleted by an operator) is not
// left deaf, and ending does not end the process: it is made again and takes the next events.
// JetStream only (the in-process bus has nothing that can end): the machine's NATS.
const log = createLogger("silent");
const natsUrl = process.env.TEST_NATS_URL ?? "nats://127.0.0.1:4222";

const eventually = (check: () => boolean, what: string) =>
  vi.waitFor(() => expect(check(), `never: ${what}`).toBe(true), { timeout: 10000, interval: 25 });

describe("a NATS consumer whose durable is deleted", () => {
  const closing: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const c of closing.reverse()) await c();
  });

  it("makes it again and goes on taking events", async () => {
    const bus = await NatsBus.connect(natsUrl, log, "resilience-test");
    closing.push(() => bus.close());
    const subject = `dirabot.resilience${uniqueId()}.thing.done`;
    const durable = `resilience-test-${uniqueId()}`;
    const seen: number[] = [];
    const sub = await bus.subscribe({
      durable,
      subjects: [subject],
      handler: async ({ data }) => void seen.push(data[0] as number),
    });
    closing.push(() => sub.stop());
    await bus.publish(subject, new Uint8Array([1]), uniqueId());
    await eventually(() => seen.length === 1, "the first event");

    const nc = await connect({ servers: natsUrl });
    closing.push(() => nc.close());
    const jsm = await jetstreamManager(nc);
    await jsm.consumers.delete(STREAM, durable);
    // Published once the durable is there again (it starts at new events, as it did at first).
    const made = () => jsm.consumers.info(STREAM, durable).then(Boolean, () => false);
    for (let i = 0; i < 200 && !(await made()); i++) await new Promise((r) => setTimeout(r, 50));
    await bus.publish(subject, new Uint8Array([2]), uniqueId());
    await eventually(() => seen.length === 2, "the event after the durable was made again");
    expect(seen).toEqual([1, 2]);
  }, 30_000);
});
