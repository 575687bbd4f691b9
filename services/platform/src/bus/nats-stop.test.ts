import { afterAll, describe, expect, it } from "vitest";
import { uniqueId } from "../../test/helpers.ts";
import { createLogger } from "../logger.ts";
import { NatsBus } from "./nats-bus.ts";

// A replica that stops while events flow hands back nothing it was sent: what reached it before
// the server heard it leave is still handled, so the other replica never waits out ack_wait for
// an event the stopped one dropped. JetStream only (the in-process bus has one consumer).
const log = createLogger("silent");
const natsUrl = process.env.TEST_NATS_URL ?? "nats://127.0.0.1:4222";

describe("a NATS consumer stopping while events flow", () => {
  const closing: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const c of closing.reverse()) await c();
  });

  it("leaves none of the durable's events to wait for ack_wait", async () => {
    const subject = `dirabot.stopping${uniqueId()}.thing.done`;
    const durable = `stopping-test-${uniqueId()}`;
    const seen = new Set<number>();
    const replica = async () => {
      const bus = await NatsBus.connect(natsUrl, log, "stopping-test");
      closing.push(() => bus.close());
      const sub = await bus.subscribe({
        durable,
        subjects: [subject],
        fromStart: true,
        handler: async ({ data }) => {
          await new Promise((r) => setTimeout(r, 1));
          seen.add(new DataView(data.buffer, data.byteOffset).getUint32(0));
        },
      });
      return { bus, sub };
    };
    const [leaving, staying] = [await replica(), await replica()];
    closing.push(() => staying.sub.stop());
    const total = 3000;
    const publishing = (async () => {
      for (let i = 0; i < total; i++) {
        const data = new Uint8Array(4);
        new DataView(data.buffer).setUint32(0, i);
        await leaving.bus.publish(subject, data, uniqueId());
      }
    })();
    // Stop one replica halfway through, as a rollout does, with its pulls full.
    while (seen.size < total / 3) await new Promise((r) => setTimeout(r, 5));
    await leaving.sub.stop();
    await publishing;
    // Far below ack_wait (30 s): an event dropped by the stopped replica would come only then.
    const end = Date.now() + 8000;
    while (seen.size < total && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
    expect(total - seen.size).toBe(0);
  }, 30_000);
});
