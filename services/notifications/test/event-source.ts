import type { DescMessage, MessageShape } from "@bufbuild/protobuf";
import { type Bus, encodeEvent, type Outbox, type ServiceModule, subjectOf } from "@dirabot/platform";
import type { AnyDb } from "@dirabot/platform/db/types.ts";
import { uniqueId } from "../../platform/test/helpers.ts";

type Publish = <D extends DescMessage>(type: string, schema: D, payload: MessageShape<D>) => Promise<void>;

export interface EventSource {
  module: ServiceModule;
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
  let ctx: { db: AnyDb; outbox: Outbox; bus: Bus } | undefined;
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
    async publish(type, schema, payload) {
      const { db, outbox } = started();
      await db.transaction().execute((trx) => outbox.stage(trx, type, schema, payload));
      outbox.kick();
    },
    async publishTwice(type, schema, payload) {
      const { bus } = started();
      const ev = encodeEvent(name, type, schema, payload);
      await bus.publish(ev.subject, ev.data, `${ev.id}-1`);
      await bus.publish(ev.subject, ev.data, `${ev.id}-2`);
    },
  };
}

/**
 * Hands the bus an event of a service that runs beside it, twice under one envelope id, as
 * `publishTwice` does: its module needs a name of its own, its events claim to be the service's.
 */
export function redelivery(service: string): { module: ServiceModule; publishTwice: Publish } {
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
    async publishTwice(type, schema, payload) {
      if (!bus) throw new Error(`the redelivery of ${service} is not started`);
      const ev = encodeEvent(service, type, schema, payload);
      await bus.publish(ev.subject, ev.data, `${ev.id}-1`);
      await bus.publish(ev.subject, ev.data, `${ev.id}-2`);
    },
  };
}

/** A consumer of one service's events of one type that keeps their payloads. */
export function eventRecorder<D extends DescMessage>(
  service: string,
  type: string,
  schema: D,
): { module: ServiceModule; seen: MessageShape<D>[] } {
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
          subjects: [subjectOf(service, type)],
          schema,
          apply: async (_trx, e) => {
            seen.push(e.payload);
          },
        });
        return {};
      },
    },
  };
}
