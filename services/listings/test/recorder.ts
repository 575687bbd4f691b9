import { eventsRecorder } from "@dirabot/platform/testing";
import {
  ListingCreated,
  ListingFactsChanged,
  ListingPriceChanged,
  ListingRemoved,
} from "@dirabot/proto/events";

export type { Recorded } from "@dirabot/platform/testing";

/** The listings events as the matcher receives them (durable, through the bus and an inbox). */
export const listingEventsRecorder = () =>
  eventsRecorder([ListingCreated, ListingPriceChanged, ListingFactsChanged, ListingRemoved]);
