import { afterAll, describe, expect, it, vi } from "vitest";
import { uniqueId } from "../../test/helpers.ts";
import { createLogger } from "../logger.ts";
import type { Bus, Delivery } from "./bus.ts";
import { MemoryBus } from "./memory-bus.ts";
import { NatsBus } from "./nats-bus.ts";

// A follower gets every event from its start, whoever else follows or subscribes, once and in
// order; a handler's failure is not retried. Both engines: the in-process bus and NATS (the
// machine's, as the replica tests use it).
const log = createLogger("silent");
const natsUrl = process.env.TEST_NATS_URL ?? "nats://127.0.0.1:4222";

const engines: [string, () => Promise<Bus>][] = [
  ["in-process", async () => new MemoryBus(log)],
  ["NATS", () => NatsBus.connect(natsUrl, log, "follow-test")],
];

describe.each(engines)("following the %s bus", (_name, open) => {
  const buses: Bus[] = [];
  afterAll(async () => {
    for (const bus of buses) await bus.close();
  });
  const eventually = (check: () => boolean, what: string) =>
    vi.waitFor(() => expect(check(), `never: ${what}`).toBe(true), { timeout: 5000, interval: 25 });

  it("gives each follower every event from its start, in order, once, and none from before", async () => {
    const bus = await open();
    buses.push(bus);
    const subject = `dirabot.follow${uniqueId()}.thing.done`;
    await bus.publish(subject, new Uint8Array([0]), uniqueId()); // before anyone follows
    const seen: [number[], number[]] = [[], []];
    const followers = await Promise.all(
      seen.map((into) =>
        bus.follow({
          name: "follow-test",
          subjects: [subject],
          handler: ({ data }: Delivery) => void into.push(data[0] as number),
        }),
      ),
    );
    // A durable beside them still gets its share as before.
    const durable: number[] = [];
    const sub = await bus.subscribe({
      durable: `follow-test-${uniqueId()}`,
      subjects: [subject],
      handler: async ({ data }) => void durable.push(data[0] as number),
    });
    const ids = [1, 2, 3, 4, 5].map(() => uniqueId());
    for (const [i, id] of ids.entries()) await bus.publish(subject, new Uint8Array([i + 1]), id);
    await bus.publish(subject, new Uint8Array([1]), ids[0] as string); // a duplicate id
    await eventually(() => seen.every((s) => s.length >= 5) && durable.length >= 5, "five events each");
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toEqual([
      [1, 2, 3, 4, 5],
      [1, 2, 3, 4, 5],
    ]);
    expect(durable.sort()).toEqual([1, 2, 3, 4, 5]);
    for (const f of followers) await f.stop();
    await sub.stop();
  });

  it("goes on past an event its handler failed on, without retrying it", async () => {
    const bus = await open();
    buses.push(bus);
    const subject = `dirabot.follow${uniqueId()}.thing.done`;
    const seen: number[] = [];
    const follower = await bus.follow({
      name: "follow-test",
      subjects: [subject],
      handler: ({ data }) => {
        seen.push(data[0] as number);
        if (data[0] === 1) throw new Error("this one fails");
      },
    });
    for (const n of [1, 2]) await bus.publish(subject, new Uint8Array([n]), uniqueId());
    await eventually(() => seen.includes(2), "the event after the failure");
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toEqual([1, 2]);
    await follower.stop();
    // Stopped: nothing more arrives.
    await bus.publish(subject, new Uint8Array([3]), uniqueId());
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toEqual([1, 2]);
  });
});
