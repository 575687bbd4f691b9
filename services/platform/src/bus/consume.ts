import type { DescMessage } from "@bufbuild/protobuf";
import type { EventDef } from "@dirabot/proto/events";
import type { Kysely, Transaction } from "kysely";
import type { AnyDb, PlatformTables } from "../db/types.ts";
import type { Bus, Subscription } from "./bus.ts";
import { type DecodedEvent, decodeEvent } from "./events.ts";

interface ConsumerBase<Desc extends DescMessage> {
  /** Durable name, unique per service and purpose, e.g. "chat-on-bot-matched". */
  durable: string;
  /** The event it takes (a declaration of @dirabot/proto/events, or one of its lanes). */
  event: EventDef<Desc>;
  /** Runs after the commit (e.g. kick the outbox, push to sockets); failures are logged, not retried. */
  after?(event: DecodedEvent<Desc>): Promise<void> | void;
  ackWaitMs?: number;
  /** See SubscribeOptions.fromStart. */
  fromStart?: boolean;
}

/** A consumer that applies each event in a transaction of its own. */
export interface SingleConsumerSpec<Desc extends DescMessage, Prepared = undefined, DB = PlatformTables>
  extends ConsumerBase<Desc> {
  /**
   * Runs before the event's transaction, outside it, on every delivery (also one the inbox will
   * find applied before): for a step whose effect must not wait for that transaction and is
   * idempotent by itself (a listing's first matches, kept once by the posts' key). It must not
   * throw; what it answers goes to `apply`.
   */
  prepare?(event: DecodedEvent<Desc>): Promise<Prepared>;
  /**
   * Applies the event inside a transaction that also records its id in the inbox: the effect
   * happens exactly once however often the event arrives. No remote calls in here (habit 6);
   * stage follow-up events in the outbox instead.
   */
  apply(trx: Transaction<DB>, event: DecodedEvent<Desc>, attempt: number, prepared: Prepared): Promise<void>;
  applyMany?: never;
  /** Events applied at once, each in its own transaction (the bus's default unless said). */
  inFlight?: number;
}

/**
 * A consumer of many small events that applies the ones arriving together in one transaction
 * (set-based statements instead of one transaction each): the inbox records all their ids in
 * one statement and `applyMany` gets only those not applied before. If the transaction fails,
 * every event of the batch fails and is delivered again.
 */
export interface BatchConsumerSpec<Desc extends DescMessage, Prepared = undefined, DB = PlatformTables>
  extends ConsumerBase<Desc> {
  /**
   * Runs before the batch's transaction, outside it, on every event of the batch (also those the
   * inbox will find applied before): the place for a remote call whose answer the transaction
   * needs (habit 6 keeps them out of it; and the embedded database runs one transaction at a
   * time, so a call to a service that reads it would wait for this one). It must not throw: a
   * failed call is an answer too (e.g. "unknown", decided later), and the batch still applies.
   */
  prepare?(events: DecodedEvent<Desc>[]): Promise<Prepared>;
  /** `prepared` is what `prepare` answered, undefined without one. */
  applyMany(trx: Transaction<DB>, events: DecodedEvent<Desc>[], prepared: Prepared): Promise<void>;
  apply?: never;
  /** Events applied together at most (and taken from the bus at once). */
  batch?: number;
}

/** `DB`: the consuming service's schema, which its transactions are typed with. */
export type ConsumerSpec<Desc extends DescMessage, Prepared = undefined, DB = PlatformTables> =
  | SingleConsumerSpec<Desc, Prepared, DB>
  | BatchConsumerSpec<Desc, Prepared, DB>;

export async function consume<Desc extends DescMessage, Prepared = undefined, DB = PlatformTables>(
  bus: Bus,
  db: Kysely<DB>,
  spec: ConsumerSpec<Desc, Prepared, DB>,
  onAfterError: (err: unknown) => void = () => undefined,
): Promise<Subscription> {
  const after = async (events: DecodedEvent<Desc>[]) => {
    if (!spec.after) return;
    for (const event of events)
      try {
        await spec.after(event);
      } catch (err) {
        onAfterError(err);
      }
  };
  // The inbox is the platform's table in every schema; the service's own are typed by DB.
  const untyped = db as AnyDb;
  if (spec.applyMany) return consumeBatches(bus, untyped, spec, after);
  const single = spec as SingleConsumerSpec<Desc, Prepared, DB>;
  return bus.subscribe({
    durable: spec.durable,
    subjects: [spec.event.subject],
    ackWaitMs: spec.ackWaitMs,
    fromStart: spec.fromStart,
    inFlight: single.inFlight,
    handler: async ({ data, attempt }) => {
      const event = decodeEvent(data, spec.event.schema);
      const prepared = (await single.prepare?.(event)) as Prepared;
      const applied = await untyped.transaction().execute(async (trx) => {
        const fresh = await trx
          .insertInto("inbox")
          .values({ consumer: spec.durable, event_id: event.id })
          .onConflict((oc) => oc.doNothing())
          .returning("event_id")
          .executeTakeFirst();
        if (!fresh) return false; // applied before: a redelivery after a lost ack
        await single.apply(trx, event, attempt, prepared);
        return true;
      });
      if (applied) await after([event]);
    },
  });
}

interface Waiting<Desc extends DescMessage> {
  event: DecodedEvent<Desc>;
  done(err?: unknown): void;
}

/**
 * The bus hands events over one by one (and up to `batch` at once); those that arrive within
 * the same turn of the event loop, or while the previous batch's transaction runs, are applied
 * together. Each delivery is acknowledged only once its batch committed.
 */
function consumeBatches<Desc extends DescMessage, Prepared, DB>(
  bus: Bus,
  db: AnyDb,
  spec: BatchConsumerSpec<Desc, Prepared, DB>,
  after: (events: DecodedEvent<Desc>[]) => Promise<void>,
): Promise<Subscription> {
  const most = spec.batch ?? 500;
  const waiting: Waiting<Desc>[] = [];
  let busy = false;
  const run = async (batch: Waiting<Desc>[]) => {
    try {
      const byId = new Map(batch.map((w) => [w.event.id, w.event]));
      const prepared = (await spec.prepare?.([...byId.values()])) as Prepared;
      const fresh = await db.transaction().execute(async (trx) => {
        const rows = await trx
          .insertInto("inbox")
          .values([...byId.keys()].map((id) => ({ consumer: spec.durable, event_id: id })))
          .onConflict((oc) => oc.doNothing())
          .returning("event_id")
          .execute();
        // Those not recorded now were applied before: redeliveries after a lost ack.
        const events = rows.map((r) => byId.get(r.event_id) as DecodedEvent<Desc>);
        if (events.length) await spec.applyMany(trx, events, prepared);
        return events;
      });
      for (const w of batch) w.done();
      await after(fresh);
    } catch (err) {
      for (const w of batch) w.done(err);
    }
  };
  const drain = async () => {
    if (busy) return;
    busy = true;
    try {
      while (waiting.length) await run(waiting.splice(0, most));
    } finally {
      busy = false;
    }
  };
  return bus.subscribe({
    durable: spec.durable,
    subjects: [spec.event.subject],
    ackWaitMs: spec.ackWaitMs,
    fromStart: spec.fromStart,
    inFlight: most,
    handler: ({ data }) =>
      new Promise<void>((resolve, reject) => {
        const event = decodeEvent(data, spec.event.schema);
        waiting.push({ event, done: (err) => (err === undefined ? resolve() : reject(err)) });
        // Let the deliveries of this turn join the batch before it starts.
        if (waiting.length === 1) setImmediate(() => void drain());
      }),
  });
}
