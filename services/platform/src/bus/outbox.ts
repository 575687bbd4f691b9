import type { DescMessage, MessageShape } from "@bufbuild/protobuf";
import { sql } from "kysely";
import type { AnyDb, AnyTrx } from "../db/types.ts";
import type { Logger } from "../logger.ts";
import type { Bus } from "./bus.ts";
import { encodeEvent } from "./events.ts";

/**
 * Transactional outbox: an event is staged in the same transaction as the change it describes,
 * so it is published if and only if that transaction committed. A relay publishes staged rows
 * outside any transaction (no remote call holds a lock) and marks them published afterwards;
 * a crash in between publishes again, which the bus's id dedupe and idempotent consumers absorb.
 */
export class Outbox {
  #db: AnyDb;
  #bus: Bus;
  #source: string;
  #log: Logger;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = true;

  constructor(opts: { db: AnyDb; bus: Bus; source: string; log: Logger }) {
    this.#db = opts.db;
    this.#bus = opts.bus;
    this.#source = opts.source;
    this.#log = opts.log;
  }

  /** Stages an event inside the caller's transaction; call `kick()` after the commit. */
  async stage<Desc extends DescMessage>(
    trx: AnyTrx,
    type: string,
    schema: Desc,
    payload: MessageShape<Desc>,
  ): Promise<string> {
    const ev = encodeEvent(this.#source, type, schema, payload);
    await trx
      .insertInto("outbox")
      .values({ id: ev.id, subject: ev.subject, data: Buffer.from(ev.data) })
      .execute();
    return ev.id;
  }

  /** Stages several events of one type with one statement (bulk writes stay one round trip). */
  async stageMany<Desc extends DescMessage>(
    trx: AnyTrx,
    type: string,
    schema: Desc,
    payloads: MessageShape<Desc>[],
  ): Promise<void> {
    if (!payloads.length) return;
    const rows = payloads.map((p) => encodeEvent(this.#source, type, schema, p));
    await trx
      .insertInto("outbox")
      .values(rows.map((ev) => ({ id: ev.id, subject: ev.subject, data: Buffer.from(ev.data) })))
      .execute();
  }

  start(pollMs = 1000): void {
    this.#stopped = false;
    this.#timer = setInterval(() => this.kick(), pollMs);
    this.kick();
  }

  /** Publishes whatever is pending now (coalesced: at most one relay pass runs at a time). */
  kick(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#relay()
      .catch((err) => this.#log.warn({ err }, "outbox relay failed; will retry"))
      .finally(() => {
        this.#running = undefined;
        if (this.#again) {
          this.#again = false;
          this.kick();
        }
      });
  }

  async #relay(): Promise<void> {
    for (;;) {
      const rows = await this.#db
        .selectFrom("outbox")
        .select(["id", "subject", "data"])
        .where("published_at", "is", null)
        .orderBy("created_at")
        .limit(100)
        .execute();
      if (rows.length === 0) return;
      for (const row of rows) {
        if (this.#stopped) return;
        await this.#bus.publish(row.subject, new Uint8Array(row.data), row.id);
        await this.#db
          .updateTable("outbox")
          .set({ published_at: sql`now()` })
          .where("id", "=", row.id)
          .execute();
      }
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#running;
  }

  /** Rows still waiting to be published (for /readyz and tests). */
  async pending(): Promise<number> {
    const r = await this.#db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("published_at", "is", null)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }
}
