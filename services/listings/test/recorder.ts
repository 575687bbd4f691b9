import {
  ListingCreatedSchema,
  ListingPriceChangedSchema,
  ListingRemovedSchema,
} from "@dirabot/proto/events/v1/listings_pb.js";
import { eventsRecorder } from "../../platform/test/recorder.ts";

export type { Recorded } from "../../platform/test/recorder.ts";

/** The listings events as the matcher receives them (durable, through the bus and an inbox). */
export const listingEventsRecorder = () =>
  eventsRecorder("listings", [
    ["listing.created", ListingCreatedSchema],
    ["listing.price_changed", ListingPriceChangedSchema],
    ["listing.removed", ListingRemovedSchema],
  ]);
