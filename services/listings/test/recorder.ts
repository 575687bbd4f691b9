import type { DescMessage, MessageShape } from "@bufbuild/protobuf";
import { type ServiceModule, subjectOf } from "@dirabot/platform";
import {
  ListingCreatedSchema,
  ListingPriceChangedSchema,
  ListingRemovedSchema,
} from "@dirabot/proto/events/v1/listings_pb.js";
import { uniqueId } from "../../platform/test/helpers.ts";

export interface Recorded {
  type: string;
  // biome-ignore lint/suspicious/noExplicitAny: payloads of several event types
  payload: any;
}

/**
 * A listener for tests: a service module of its own that consumes the listings events the way
 * the matcher will (durable, through the bus and an inbox) and keeps what it saw.
 */
export function listingEventsRecorder(): { module: ServiceModule; seen: Recorded[] } {
  const id = uniqueId();
  const seen: Recorded[] = [];
  const spec = <D extends DescMessage>(type: string, schema: D) => ({
    durable: `rec-${id}-${type.replaceAll(".", "-")}`,
    subjects: [subjectOf("listings", type)],
    schema,
    apply: async (_trx: unknown, e: { payload: MessageShape<D> }) => {
      seen.push({ type, payload: e.payload });
    },
  });
  return {
    seen,
    module: {
      name: `recorder-${id}`,
      schema: `rec_${id}`,
      async start(ctx) {
        ctx.consume(spec("listing.created", ListingCreatedSchema));
        ctx.consume(spec("listing.price_changed", ListingPriceChangedSchema));
        ctx.consume(spec("listing.removed", ListingRemovedSchema));
        return {};
      },
    },
  };
}
