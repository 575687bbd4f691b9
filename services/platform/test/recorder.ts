import type { DescMessage } from "@bufbuild/protobuf";
import type { AnyDb } from "../src/db/types.ts";
import { type ServiceModule, subjectOf } from "../src/index.ts";
import { uniqueId } from "./helpers.ts";

export interface Recorded {
  type: string;
  // biome-ignore lint/suspicious/noExplicitAny: payloads of several event types
  payload: any;
}

/**
 * A listener for tests: a service module of its own that consumes one service's events the way a
 * real consumer does (durable, through the bus and an inbox) and keeps what it saw, in order.
 */
export function eventsRecorder(
  service: string,
  events: Array<[type: string, schema: DescMessage]>,
): { module: ServiceModule; seen: Recorded[]; db(): AnyDb } {
  const id = uniqueId();
  const seen: Recorded[] = [];
  let db: AnyDb | undefined;
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
        for (const [type, schema] of events)
          ctx.consume({
            durable: `rec-${id}-${type.replaceAll(".", "-")}`,
            subjects: [subjectOf(service, type)],
            schema,
            apply: async (_trx, e) => {
              seen.push({ type, payload: e.payload });
            },
          });
        return {};
      },
    },
  };
}
