import { describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { subjectMatches } from "./bus.ts";
import { MemoryBus } from "./memory-bus.ts";

describe("subject filters", () => {
  it("match as NATS does", () => {
    expect(subjectMatches("dirabot.listings.>", "dirabot.listings.listing.created")).toBe(true);
    expect(subjectMatches("dirabot.*.listing.created", "dirabot.listings.listing.created")).toBe(true);
    expect(subjectMatches("dirabot.listings.*", "dirabot.listings.listing.created")).toBe(false);
    expect(subjectMatches("dirabot.listings.>", "dirabot.listings")).toBe(false);
    expect(subjectMatches("a.b", "a.b")).toBe(true);
  });
});

describe("in-process bus", () => {
  const log = createLogger("silent");

  it("redelivers until the handler succeeds, and publish waits for the ack", async () => {
    const bus = new MemoryBus(log);
    const attempts: number[] = [];
    await bus.subscribe({
      durable: "d1",
      subjects: ["dirabot.x.>"],
      handler: async ({ attempt }) => {
        attempts.push(attempt);
        if (attempt < 3) throw new Error("not yet");
      },
    });
    await bus.publish("dirabot.x.thing.done", new Uint8Array([1]), "id-1");
    expect(attempts).toEqual([1, 2, 3]);
  });

  it("delivers an id once within the dedupe window and only to matching consumers", async () => {
    const bus = new MemoryBus(log);
    const got: string[] = [];
    await bus.subscribe({
      durable: "a",
      subjects: ["dirabot.a.>"],
      handler: async ({ subject }) => void got.push(`a:${subject}`),
    });
    await bus.subscribe({
      durable: "b",
      subjects: ["dirabot.b.>"],
      handler: async ({ subject }) => void got.push(`b:${subject}`),
    });
    await bus.publish("dirabot.a.e.v", new Uint8Array(), "same");
    await bus.publish("dirabot.a.e.v", new Uint8Array(), "same");
    expect(got).toEqual(["a:dirabot.a.e.v"]);
  });

  it("hands a consumer of one at a time its events in the order published, however they are sent", async () => {
    const bus = new MemoryBus(log);
    const handled: string[] = [];
    await bus.subscribe({
      durable: "ordered",
      subjects: ["dirabot.o.>"],
      inFlight: 1,
      // The first event takes longest: handled side by side, it would finish last.
      handler: async ({ data }) => {
        const n = data[0] ?? 0;
        await new Promise((r) => setTimeout(r, 30 - n * 10));
        handled.push(`e${n}`);
      },
    });
    await Promise.all([0, 1, 2].map((n) => bus.publish("dirabot.o.e.v", new Uint8Array([n]), `o-${n}`)));
    expect(handled).toEqual(["e0", "e1", "e2"]);
  });

  it("handles what was published before a stop, also what still waited for its place", async () => {
    const bus = new MemoryBus(log);
    const handled: number[] = [];
    const sub = await bus.subscribe({
      durable: "draining",
      subjects: ["dirabot.q.>"],
      inFlight: 1,
      handler: async ({ data }) => {
        await new Promise((r) => setTimeout(r, 20));
        handled.push(data[0] ?? -1);
      },
    });
    const published = [0, 1, 2].map((n) => bus.publish("dirabot.q.e.v", new Uint8Array([n]), `q-${n}`));
    await sub.stop();
    expect(handled).toEqual([0, 1, 2]);
    await Promise.all(published);
  });

  it("lets the next event through while a failed one waits for its retry", async () => {
    const bus = new MemoryBus(log);
    const handled: string[] = [];
    await bus.subscribe({
      durable: "poison",
      subjects: ["dirabot.p.>"],
      inFlight: 1,
      handler: async ({ data, attempt }) => {
        if (data[0] === 0 && attempt === 1) throw new Error("not yet");
        handled.push(`e${data[0]}#${attempt}`);
      },
    });
    await Promise.all([0, 1].map((n) => bus.publish("dirabot.p.e.v", new Uint8Array([n]), `p-${n}`)));
    expect(handled).toEqual(["e1#1", "e0#2"]);
  });

  it("stop waits for the delivery in hand", async () => {
    const bus = new MemoryBus(log);
    let finished = false;
    const sub = await bus.subscribe({
      durable: "slow",
      subjects: ["dirabot.s.>"],
      handler: async () => {
        await new Promise((r) => setTimeout(r, 150));
        finished = true;
      },
    });
    const published = bus.publish("dirabot.s.e.v", new Uint8Array(), "slow-1");
    await new Promise((r) => setTimeout(r, 20));
    await sub.stop();
    expect(finished).toBe(true);
    await published;
  });
});
