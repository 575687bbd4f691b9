import { create } from "@bufbuild/protobuf";
import { defineEvent } from "@dirabot/proto/events";
import { ProbeRecordedSchema, ProbeService } from "@dirabot/proto/testing/v1/probe_pb.js";
import { type Generated, type Kysely, sql } from "kysely";
import type { AnyDb } from "../../src/db/types.ts";
import type { PlatformTables, ServiceModule } from "../../src/index.ts";

/** The probe's schema as its migration makes it. */
interface ProbeDb extends PlatformTables {
  notes: { id: string; note: string | null };
  applied: { event_id: string; note: string | null };
  deliveries: { n: Generated<number>; event_id: string | null };
}

/** The probe's one event, declared as the product's are (a fixture's, so not in the catalogue). */
const ProbeRecorded = defineEvent("probe", "probe.recorded", ProbeRecordedSchema);

/**
 * The platform's test fixture: a service with a table, an event and a consumer, started the same
 * way product services are. Role "producer", "consumer" or "both" picks its half, so tests can
 * run the halves as separate processes. `dieAfterApply` kills the process after the consumer's
 * transaction committed and before the ack: the case the inbox exists for.
 */
export function probeModule(
  opts: { role?: "producer" | "consumer" | "both"; dieAfterApply?: boolean; id?: string } = {},
): ServiceModule<ProbeDb> {
  const role = opts.role ?? "both";
  // Runs against a shared server keep apart by id: own schema, own durable consumers.
  const tag = opts.id ? `_${opts.id}` : "";
  const schema = `probe${tag}`;
  // Every probe publishes on the one subject, so on a shared NATS a probe also hears the events of
  // other tests' probes (other ids) running at the same time: each takes only its own, the notes
  // written in its own schema.
  const own = async (db: Kysely<ProbeDb>, noteId: string) =>
    (await db.selectFrom("notes").select("id").where("id", "=", noteId).executeTakeFirst()) !== undefined;
  return {
    name: "probe",
    schema,
    migrations: {
      "0001_probe": {
        async up(db: AnyDb) {
          await db.schema
            .createTable("notes")
            .addColumn("id", "text", (c) => c.primaryKey())
            .addColumn("note", "text")
            .execute();
          await db.schema
            .createTable("applied")
            .addColumn("event_id", "text", (c) => c.primaryKey())
            .addColumn("note", "text")
            .execute();
          await db.schema
            .createTable("deliveries")
            .addColumn("n", "serial", (c) => c.primaryKey())
            .addColumn("event_id", "text")
            .execute();
        },
      },
    },
    async start(ctx) {
      let counter: { stop(): Promise<void> } | undefined;
      if (role !== "producer") {
        ctx.consume({
          durable: `probe${tag}-on-recorded`,
          event: ProbeRecorded,
          ackWaitMs: 2000,
          async apply(trx, event) {
            if (!(await own(trx, event.payload.id))) return;
            await trx
              .insertInto("applied")
              .values({ event_id: event.id, note: event.payload.note })
              .execute();
          },
          after() {
            if (opts.dieAfterApply) process.kill(process.pid, "SIGKILL");
          },
        });
        // Counts every delivery, duplicates included (outside the inbox, on purpose).
        counter = await ctx.bus.subscribe({
          durable: `probe${tag}-count`,
          subjects: [ProbeRecorded.subject],
          handler: async ({ data }) => {
            const { decodeEvent } = await import("../../src/bus/events.ts");
            const ev = decodeEvent(data, ProbeRecorded.schema);
            if (!(await own(ctx.db, ev.payload.id))) return;
            await ctx.db.insertInto("deliveries").values({ event_id: ev.id }).execute();
          },
        });
      }
      return {
        stop: async () => counter?.stop(),
        routes: (router) =>
          router.service(ProbeService, {
            echo: (req) => ({ text: req.text, runtime: "Deno" in globalThis ? "deno" : "node" }),
            async record(req) {
              const id = crypto.randomUUID();
              try {
                await ctx.db.transaction().execute(async (trx) => {
                  await trx.insertInto("notes").values({ id, note: req.note }).execute();
                  await ctx.outbox.stage(
                    trx,
                    ProbeRecorded,
                    create(ProbeRecordedSchema, { id, note: req.note }),
                  );
                  if (req.failAfterWrite) throw new Error("rolled back on request");
                });
              } catch {
                return { id: "" };
              }
              ctx.outbox.kick();
              return { id };
            },
            async tally() {
              const applied = await ctx.db.selectFrom("applied").select(["note"]).orderBy("note").execute();
              const d = await sql<{
                n: number;
              }>`select count(*)::int as n from ${sql.id(schema, "deliveries")}`.execute(ctx.db);
              return {
                applied: BigInt(applied.length),
                deliveries: BigInt(d.rows[0]?.n ?? 0),
                notes: applied.map((r) => r.note ?? ""),
                outboxPending: BigInt(await ctx.outbox.pending()),
              };
            },
          }),
      };
    },
  };
}
