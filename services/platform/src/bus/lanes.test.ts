import { create } from "@bufbuild/protobuf";
import { defineEvent } from "@dirabot/proto/events";
import { ChatReadSchema } from "@dirabot/proto/events/v1/chat_pb.js";
import { sql } from "kysely";
import { afterAll, describe, expect, it, vi } from "vitest";
import { uniqueId } from "../../test/helpers.ts";
import { openServiceDatabase, type ServiceDatabase } from "../db/database.ts";
import { createLogger } from "../logger.ts";
import type { Bus, Subscription } from "./bus.ts";
import { NatsBus } from "./nats-bus.ts";
import { Outbox } from "./outbox.ts";

// What a listing's first matches rely on to go first: an outbox relay that publishes them beside
// a pass still publishing hundreds, and durables of a new subject that take what was published
// before they existed. Both are about JetStream and a database server with concurrent
// transactions (the one-process run has neither): the machine's NATS and PostgreSQL, as the
// replica tests use them.
const log = createLogger("silent");
const natsUrl = process.env.TEST_NATS_URL ?? "nats://127.0.0.1:4222";
const databaseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

const eventually = (check: () => boolean, what: string) =>
  vi.waitFor(() => expect(check(), `never: ${what}`).toBe(true), { timeout: 5000, interval: 25 });

describe("an urgent relay pass", () => {
  const opened: ServiceDatabase[] = [];
  afterAll(async () => {
    for (const d of opened) {
      await sql`DROP SCHEMA IF EXISTS ${sql.id(d.schema)} CASCADE`.execute(d.db);
      await d.close();
    }
  });

  it("publishes beside a pass still publishing, each event once; a plain kick waits for that pass", async () => {
    const database = await openServiceDatabase({ url: databaseUrl, schema: `lanes_${uniqueId()}`, log });
    opened.push(database);
    // A bus as JetStream behaves to the relay, whose publish of a `slow` event waits for the test.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let releaseHold: () => void = () => undefined;
    const hold = new Promise<void>((r) => {
      releaseHold = r;
    });
    const published: string[] = [];
    const bus: Bus = {
      kind: "nats",
      async publish(subject) {
        if (subject.endsWith(".slow")) await gate;
        if (subject.endsWith(".hold")) await hold;
        published.push(subject.split(".").pop() as string);
      },
      subscribe: () => Promise.reject(new Error("not used")),
      follow: () => Promise.reject(new Error("not used")),
      close: async () => undefined,
    };
    const outbox = new Outbox({ db: database.db, bus, source: "lanes", log });
    outbox.start(60_000); // no poll within the test: only kicks publish
    const stage = (type: string) =>
      database.db
        .transaction()
        .execute((trx) =>
          outbox.stage(
            trx,
            defineEvent("lanes", type, ChatReadSchema),
            create(ChatReadSchema, { chatId: type }),
          ),
        );

    await stage("slow");
    outbox.kick(); // a pass starts and waits on the slow event's publish
    await new Promise((r) => setTimeout(r, 100));
    await stage("plain");
    outbox.kick();
    await new Promise((r) => setTimeout(r, 200));
    expect(published).toEqual([]); // a plain kick: after the running pass

    await stage("first");
    outbox.kick(true);
    await eventually(() => published.includes("first"), "the urgent event published");
    expect(published).not.toContain("slow");

    // An urgent kick while an urgent pass is held runs another urgent pass after it, not after
    // the ordinary one.
    await stage("hold");
    outbox.kick(true);
    await new Promise((r) => setTimeout(r, 100));
    await stage("second");
    outbox.kick(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(published).not.toContain("second");
    releaseHold();
    await eventually(() => published.includes("second"), "the second urgent event published");
    expect(published).not.toContain("slow");

    release();
    await eventually(() => published.length >= 3, "every event published");
    await outbox.stop();
    expect(published.sort()).toEqual(["first", "hold", "plain", "second", "slow"]);
    expect(await outbox.pending()).toBe(0);
  });
});

describe("a durable of a new subject", () => {
  const subs: Subscription[] = [];
  let bus: NatsBus | undefined;
  afterAll(async () => {
    for (const s of subs) await s.stop();
    await bus?.close();
  });

  it("takes what its subject held before it was created only when asked to", async () => {
    bus = await NatsBus.connect(natsUrl, log, "lanes-test");
    const subject = `dirabot.lanes${uniqueId()}.thing.done`;
    await bus.publish(subject, new Uint8Array([1]), uniqueId()); // before either durable exists
    const got: Record<"fromStart" | "fromNow", number[]> = { fromStart: [], fromNow: [] };
    for (const name of ["fromStart", "fromNow"] as const)
      subs.push(
        await bus.subscribe({
          durable: `lanes-${name}-${uniqueId()}`,
          subjects: [subject],
          fromStart: name === "fromStart",
          handler: async ({ data }) => void got[name].push(data[0] as number),
        }),
      );
    await bus.publish(subject, new Uint8Array([2]), uniqueId());
    await eventually(() => got.fromStart.length >= 2 && got.fromNow.length >= 1, "both durables' events");
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toEqual({ fromStart: [1, 2], fromNow: [2] });
  });
});
