import type { EventDef } from "@dirabot/proto/events";
import type { Kysely } from "kysely";
import type { PlatformTables, ServiceModule } from "../src/index.ts";
import { uniqueId } from "./helpers.ts";

export interface Recorded {
  type: string;
  // biome-ignore lint/suspicious/noExplicitAny: payloads of several event types
  payload: any;
}

/**
 * A listener for tests: a service module of its own that consumes events the way a real consumer
 * does (durable, through the bus and an inbox) and keeps what it saw, in order.
 */
export function eventsRecorder(events: EventDef[]): {
  module: ServiceModule<PlatformTables>;
  seen: Recorded[];
  db(): Kysely<PlatformTables>;
} {
  const id = uniqueId();
  const seen: Recorded[] = [];
  let db: Kysely<PlatformTables> | undefined;
  return {
    seen,
    /** The recorder's own database handle (a test may read or age rows through it). */
    db: () => {
      if (!db) throw new Error("the recorder has not started");
      return db;
    },
    module: {
      name: `recorder-${id}`,
      schema: `rec_${id}`,
      async start(ctx) {
        db = ctx.db;
        for (const event of events)
          ctx.consume({
            durable: `rec-${id}-${event.type.replaceAll(".", "-")}`,
            event,
            apply: async (_trx, e) => {
              seen.push({ type: event.type, payload: e.payload });
            },
          });
        return {};
      },
    },
  };
}
