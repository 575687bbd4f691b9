import type { DescMessage, MessageShape } from "@bufbuild/protobuf";
import type { EventDef } from "@dirabot/proto/events";
import { sql, type Transaction } from "kysely";
import type { AnyDb, AnyTrx } from "../db/types.ts";
import type { Logger } from "../logger.ts";
import type { Bus } from "./bus.ts";
import { encodeEvent } from "./events.ts";

/** Rows a relay pass publishes at once. */
const BATCH = 200;

/**
 * Transactional outbox: an event is staged in the same transaction as the change it describes,
 * so it is published if and only if that transaction committed. A relay publishes staged rows
 * outside any transaction (no remote call holds a lock) and marks them published afterwards;
 * a crash in between publishes again, which the bus's id dedupe and idempotent consumers absorb.
 * `DB` is the service's schema: an event is staged only in a transaction on that service's own
 * database (its outbox table), never in another service's.
 */
// biome-ignore lint/suspicious/noExplicitAny: the host's generic code holds every service's outbox
export class Outbox<DB = any> {
  #db: AnyDb;
  #bus: Bus;
  #source: string;
  #log: Logger;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #urgent: Promise<unknown> | undefined;
  #urgentAgain = false;
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
    trx: Transaction<DB>,
    event: EventDef<Desc>,
    payload: MessageShape<Desc>,
  ): Promise<string> {
    const ev = encodeEvent(this.#own(event), payload);
    await (trx as AnyTrx)
      .insertInto("outbox")
      .values({ id: ev.id, subject: ev.subject, data: Buffer.from(ev.data) })
      .execute();
    return ev.id;
  }

  /** Stages several events of one type with one statement (bulk writes stay one round trip). */
  async stageMany<Desc extends DescMessage>(
    trx: Transaction<DB>,
    event: EventDef<Desc>,
    payloads: MessageShape<Desc>[],
  ): Promise<void> {
    if (!payloads.length) return;
    const rows = payloads.map((p) => encodeEvent(this.#own(event), p));
    await (trx as AnyTrx)
      .insertInto("outbox")
      .values(rows.map((ev) => ({ id: ev.id, subject: ev.subject, data: Buffer.from(ev.data) })))
      .execute();
  }

  /** A service publishes only its own events (its NATS user could not publish another's). */
  #own<Desc extends DescMessage>(event: EventDef<Desc>): EventDef<Desc> {
    if (event.producer !== this.#source)
      throw new Error(`${this.#source} cannot publish ${event.subject}: ${event.producer} does`);
    return event;
  }

  start(pollMs = 1000): void {
    this.#stopped = false;
    this.#timer = setInterval(() => this.kick(), pollMs);
    this.kick();
  }

  /**
   * Publishes whatever is pending now (coalesced: at most one ordinary relay pass runs at a time,
   * and one urgent pass beside it). `urgent`: events someone waits for (a listing's first
   * matches) do not wait for the running pass to publish its batch of hundreds of matches; on
   * JetStream one more pass starts beside it, and takes the rows the running pass has not locked.
   * An urgent kick during an urgent pass runs another one after it.
   */
  kick(urgent = false): void {
    if (this.#stopped) return;
    if (urgent && this.#running && this.#bus.kind === "nats") {
      if (this.#urgent) {
        this.#urgentAgain = true;
        return;
      }
      this.#urgent = this.#db
        .transaction()
        .execute((trx) => this.#pass(trx, true))
        .catch((err) => this.#log.warn({ err }, "outbox relay failed; will retry"))
        .finally(() => {
          this.#urgent = undefined;
          if (this.#urgentAgain) {
            this.#urgentAgain = false;
            this.kick(true);
          }
        });
      return;
    }
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
    // On JetStream a publish is one acknowledgement from the server: the batch is claimed with
    // its rows locked (SKIP LOCKED, so replicas' relays take different rows) and the lock is held
    // while its publishes are in flight. The in-process bus's publish resolves only once the
    // consumers have handled the event, and they need the database, which the embedded engine
    // gives to one transaction at a time: there the batch is read without a lock (one process,
    // one relay: nothing to share).
    const claim = this.#bus.kind === "nats";
    while (!this.#stopped) {
      const sent = claim
        ? await this.#db.transaction().execute((trx) => this.#pass(trx, true))
        : await this.#pass(this.#db, false);
      if (sent < BATCH) return;
    }
  }

  /**
   * Publishes the oldest pending rows together (JetStream keeps them in the order sent on one
   * connection) and marks them published with one statement; a crash before the mark
   * publishes them again, which the bus's id dedupe and the consumers' inboxes absorb.
   */
  async #pass(db: AnyDb | AnyTrx, lock: boolean): Promise<number> {
    let query = db
      .selectFrom("outbox")
      .select(["id", "subject", "data"])
      .where("published_at", "is", null)
      .orderBy("created_at")
      .limit(BATCH);
    if (lock) query = query.forUpdate().skipLocked();
    const rows = await query.execute();
    if (rows.length === 0) return 0;
    await Promise.all(rows.map((row) => this.#bus.publish(row.subject, new Uint8Array(row.data), row.id)));
    await db
      .updateTable("outbox")
      .set({ published_at: sql`now()` })
      .where(
        "id",
        "in",
        rows.map((r) => r.id),
      )
      .execute();
    return rows.length;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await Promise.all([this.#running, this.#urgent]);
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
