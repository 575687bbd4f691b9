import type { DescMessage, MessageShape } from "@bufbuild/protobuf";
import {
  type Bus,
  encodeEvent,
  type Outbox,
  type PlatformTables,
  type ServiceModule,
} from "@dirabot/platform";
import { uniqueId } from "@dirabot/platform/testing";
import type { EventDef } from "@dirabot/proto/events";
import type { Kysely } from "kysely";

type Publish = <D extends DescMessage>(event: EventDef<D>, payload: MessageShape<D>) => Promise<void>;

export interface EventSource {
  module: ServiceModule<PlatformTables>;
  /** Stages one event in the source's outbox, commits, and kicks the relay, as the real service does. */
  publish: Publish;
  /**
   * The same event (one envelope id) handed to the bus twice under two bus ids, so the bus's own
   * dedupe lets both through: what a redelivery after a lost ack looks like to a consumer.
   */
  publishTwice: Publish;
}

/**
 * Stands in for another service's events in tests: a module named like that service (so its
 * subjects are `dirabot.<name>.<type>`) with a schema of its own, publishing through a real
 * outbox and bus, so what the consumers under test see is what production delivers.
 */
export function eventSource(name: string): EventSource {
  let ctx: { db: Kysely<PlatformTables>; outbox: Outbox; bus: Bus } | undefined;
  const started = () => {
    if (!ctx) throw new Error(`event source ${name} is not started`);
    return ctx;
  };
  return {
    module: {
      name,
      schema: `src_${name.replaceAll("-", "_")}_${uniqueId()}`,
      async start(c) {
        ctx = { db: c.db, outbox: c.outbox, bus: c.bus };
        return {};
      },
    },
    async publish(event, payload) {
      const { db, outbox } = started();
      await db.transaction().execute((trx) => outbox.stage(trx, event, payload));
      outbox.kick();
    },
    async publishTwice(event, payload) {
      const { bus } = started();
      const ev = encodeEvent(event, payload);
      await bus.publish(ev.subject, ev.data, `${ev.id}-1`);
      await bus.publish(ev.subject, ev.data, `${ev.id}-2`);
    },
  };
}

/**
 * Hands the bus an event of a service that runs beside it, twice under one envelope id, as
 * `publishTwice` does: its module needs a name of its own, its events claim to be the service's.
 */
export function redelivery(service: string): {
  module: ServiceModule<PlatformTables>;
  publishTwice: Publish;
} {
  let bus: Bus | undefined;
  return {
    module: {
      name: `${service}-again`,
      schema: `src_again_${uniqueId()}`,
      async start(c) {
        bus = c.bus;
        return {};
      },
    },
    async publishTwice(event, payload) {
      if (!bus) throw new Error(`the redelivery of ${service} is not started`);
      const ev = encodeEvent(event, payload);
      await bus.publish(ev.subject, ev.data, `${ev.id}-1`);
      await bus.publish(ev.subject, ev.data, `${ev.id}-2`);
    },
  };
}

/** A consumer of one event that keeps its payloads. */
export function eventRecorder<D extends DescMessage>(
  event: EventDef<D>,
): { module: ServiceModule<PlatformTables>; seen: MessageShape<D>[] } {
  const id = uniqueId();
  const seen: MessageShape<D>[] = [];
  return {
    seen,
    module: {
      name: `recorder-${id}`,
      schema: `rec_${id}`,
      async start(ctx) {
        ctx.consume({
          durable: `rec-${id}`,
          event,
          apply: async (_trx, e) => {
            seen.push(e.payload);
          },
        });
        return {};
      },
    },
  };
}
