import { create } from "@bufbuild/protobuf";
import { defineEvent } from "@dirabot/proto/events";
import { type EchoRequest, EchoRequestSchema } from "@dirabot/proto/testing/v1/probe_pb.js";
import { type Migration, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { external, tempDir, uniqueId } from "../../test/helpers.ts";
import { openServiceDatabase, type ServiceDatabase } from "../db/database.ts";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "../db/embedded.ts";
import { createLogger } from "../logger.ts";
import { consume } from "./consume.ts";
import { encodeEvent } from "./events.ts";
import { MemoryBus } from "./memory-bus.ts";

const log = createLogger("silent");
/** An event of a made-up producer (each test its own, so their subjects stay apart). */
const echo = (producer: string) => defineEvent(producer, "echo", EchoRequestSchema);
const applied: Migration = {
  up: async (db) => {
    await db.schema.createTable("applied").addColumn("text", "text").execute();
  },
};

describe("a consumer that applies the events arriving together in one transaction", () => {
  let embedded: EmbeddedPostgres | undefined;
  let sdb: ServiceDatabase;
  beforeAll(async () => {
    if (!external.database) embedded = await startEmbeddedPostgres(tempDir(), log);
    sdb = await openServiceDatabase({
      url: external.database ?? (embedded?.url as string),
      schema: `batch_${uniqueId()}`,
      migrations: { "0001_applied": applied },
      log,
    });
  });
  afterAll(async () => {
    await sql`DROP SCHEMA ${sql.id(sdb.schema)} CASCADE`.execute(sdb.db);
    await sdb.close();
    await embedded?.stop();
  });

  it("applies each event once, in few transactions, and redelivers a failed batch whole", async () => {
    const bus = new MemoryBus(log);
    const batches: string[][] = [];
    let failOnce = true;
    await consume(bus, sdb.db, {
      durable: "batch-test",
      event: echo("test"),
      applyMany: async (trx, events) => {
        const texts = events.map((e) => (e.payload as EchoRequest).text);
        await trx
          .insertInto("applied" as never)
          .values(texts.map((text) => ({ text })) as never)
          .execute();
        batches.push(texts);
        if (failOnce && texts.includes("poison")) {
          failOnce = false;
          throw new Error("the batch fails once");
        }
      },
    });
    const event = (text: string) => encodeEvent(echo("test"), create(EchoRequestSchema, { text }));
    const events = [...Array.from({ length: 20 }, (_, i) => event(`e${i}`)), event("poison")];
    // Published together, as the relay publishes a batch.
    await Promise.all(events.map((e) => bus.publish(e.subject, e.data, e.id)));
    // A redelivery of one already applied (the bus's own id differs; the event's is the same).
    const again = events[3] as (typeof events)[number];
    await bus.publish(again.subject, again.data, `${again.id}-again`);

    const rows = await sdb.db
      .selectFrom("applied" as never)
      .select(sql<string>`text`.as("text"))
      .execute();
    const texts = (rows as { text: string }[]).map((r) => r.text).sort();
    expect(texts).toEqual([...Array.from({ length: 20 }, (_, i) => `e${i}`), "poison"].sort());
    // The first batch held all 21 and failed (rolled back); fewer transactions than events.
    expect(batches.length).toBeLessThan(events.length);
    expect(batches[0]).toContain("poison");
  });

  it("answers `prepare` before the transaction, outside it, and hands its answer to applyMany", async () => {
    const bus = new MemoryBus(log);
    const seen: { prepared: string[]; applied: string[]; answer: number }[] = [];
    await consume(bus, sdb.db, {
      durable: "prepare-test",
      event: echo("prepare"),
      // Reads the database on its own connection: inside a transaction the embedded database
      // (one connection) would never answer it.
      prepare: async (events) => {
        const [row] = await sdb.db
          .selectFrom("applied" as never)
          .select(sql<number>`count(*)::int`.as("n"))
          .execute();
        return { texts: events.map((e) => (e.payload as EchoRequest).text), n: (row as { n: number }).n };
      },
      applyMany: async (trx, events, prepared) => {
        const texts = events.map((e) => (e.payload as EchoRequest).text);
        await trx
          .insertInto("applied" as never)
          .values(texts.map((text) => ({ text })) as never)
          .execute();
        seen.push({ prepared: prepared.texts, applied: texts, answer: prepared.n });
      },
    });
    const events = ["p1", "p2", "p3"].map((text) =>
      encodeEvent(echo("prepare"), create(EchoRequestSchema, { text })),
    );
    await Promise.all(events.map((e) => bus.publish(e.subject, e.data, e.id)));
    expect(seen.flatMap((s) => s.applied).sort()).toEqual(["p1", "p2", "p3"]);
    for (const s of seen) {
      expect(s.prepared).toEqual(s.applied);
      expect(s.answer).toBeGreaterThanOrEqual(0);
    }
  });

  it("runs a single consumer's `prepare` on every delivery, outside the transaction, and hands its answer to apply", async () => {
    const bus = new MemoryBus(log);
    const prepared: string[] = [];
    const applied: { text: string; answer: number }[] = [];
    await consume(bus, sdb.db, {
      durable: "single-prepare-test",
      event: echo("single"),
      // Writes on its own connection and commits: inside the event's transaction the embedded
      // database (one connection) would never answer it.
      prepare: async (e) => {
        const text = (e.payload as EchoRequest).text;
        prepared.push(text);
        await sdb.db
          .insertInto("applied" as never)
          .values({ text: `ahead-${text}` } as never)
          .execute();
        return prepared.length;
      },
      apply: async (trx, e, _attempt, answer) => {
        const text = (e.payload as EchoRequest).text;
        await trx
          .insertInto("applied" as never)
          .values({ text } as never)
          .execute();
        applied.push({ text, answer });
      },
    });
    const e = encodeEvent(echo("single"), create(EchoRequestSchema, { text: "s1" }));
    await bus.publish(e.subject, e.data, e.id);
    await bus.publish(e.subject, e.data, `${e.id}-again`); // a redelivery: prepared again, applied once
    expect(prepared).toEqual(["s1", "s1"]);
    expect(applied).toEqual([{ text: "s1", answer: 1 }]);
    const rows = await sdb.db
      .selectFrom("applied" as never)
      .select(sql<string>`text`.as("text"))
      .where(sql`text`, "like", "%s1")
      .execute();
    expect((rows as { text: string }[]).map((r) => r.text).sort()).toEqual(["ahead-s1", "ahead-s1", "s1"]);
  });
});
