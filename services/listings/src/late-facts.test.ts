import { create } from "@bufbuild/protobuf";
import { createClient } from "@connectrpc/connect";
import { launch, type Running } from "@dirabot/platform";
import { testSettings, trustedTransport, uniqueId, waitFor } from "@dirabot/platform/testing";
import type { ListingFactsChanged } from "@dirabot/proto/events/v1/listings_pb.js";
import {
  FactsSchema,
  type ListingInput,
  ListingInputSchema,
  ListingsService,
} from "@dirabot/proto/listings/v1/listings_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingEventsRecorder } from "../test/recorder.ts";
import { listings } from "./module.ts";

type Extra = Partial<Omit<ListingInput, "$typeName" | "$unknown" | "source" | "externalId">>;

/**
 * Facts that arrive after a listing was announced (Yad2's item details after its map feed, a
 * Facebook post edited): announced as `listing.facts_changed` only when a fact's value changed;
 * a known fact that changed is kept for the flat's story.
 */
describe("facts learnt or changed after a listing was announced", () => {
  let running: Running;
  let client: ReturnType<typeof createClient<typeof ListingsService>>;
  const recorder = listingEventsRecorder();
  const tag = uniqueId();
  let n = 0;
  const input = (id: string, extra: Extra = {}) =>
    create(ListingInputSchema, { source: "yad2", externalId: `${tag}-${id}`, ...extra });
  const ingest = async (...inputs: ListingInput[]) =>
    (await client.ingest({ listings: inputs })).outcomes.map((o) => o.id);
  const facts = (f: Record<string, boolean>) => create(FactsSchema, f);
  const factEvents = (id: string) =>
    recorder.seen
      .filter((e) => e.type === "listing.facts_changed" && e.payload.listing.id === id)
      .map((e) => e.payload as ListingFactsChanged);
  const changesOf = (e: ListingFactsChanged | undefined) =>
    e?.changes.map((c) => ({ fact: c.fact, from: c.from, to: c.to }));
  /** Waits until a later listing's facts event arrived: everything staged before it was seen. */
  async function settled() {
    const key = `sentinel-${++n}`;
    await ingest(input(key, { price: 5000 }));
    const [id] = await ingest(input(key, { facts: facts({ balcony: true }) }));
    await waitFor(async () => factEvents(id as string)[0], "the sentinel's facts event");
  }

  beforeAll(async () => {
    running = await launch(testSettings(), [listings, recorder.module]);
    client = createClient(ListingsService, trustedTransport(running));
  });
  afterAll(() => running?.stop());

  it("announces a flat's item details that bring a safe room, once; a sighting that changes no fact announces nothing", async () => {
    // The map feed: no description, no facts.
    const [id] = await ingest(input("y1", { price: 6200, rooms: 3 }));
    const created = await waitFor(
      async () => recorder.seen.find((e) => e.type === "listing.created" && e.payload.listing.id === id),
      "listing.created",
    );
    expect(created.payload.listing.facts?.safeRoom).toBeUndefined();

    // The item details, then the same again, then the map feed's next poll and a price change.
    const details = { description: `דירה ${tag}`, facts: facts({ safeRoom: true, parking: false }) };
    await ingest(input("y1", details));
    await ingest(input("y1", details));
    await ingest(input("y1", { price: 6200, rooms: 3 }));
    await ingest(input("y1", { price: 6100 }));
    await settled();

    const events = factEvents(id as string);
    expect(events).toHaveLength(1);
    expect(changesOf(events[0])).toEqual([
      { fact: "safe_room", from: undefined, to: true },
      { fact: "parking", from: undefined, to: false },
    ]);
    expect(events[0]?.listing?.facts).toMatchObject({ safeRoom: true, parking: false });
    // Learnt where it was unknown is no change of word: the story has nothing to say.
    expect((await client.getListing({ id })).factChanges).toEqual([]);
  });

  it("a safe room said and then denied: announced, and the story keeps what changed", async () => {
    const [id] = await ingest(input("y2", { price: 5400, facts: facts({ safeRoom: true, elevator: true }) }));
    await waitFor(
      async () => recorder.seen.find((e) => e.type === "listing.created" && e.payload.listing.id === id),
      "listing.created",
    );
    await ingest(input("y2", { facts: facts({ safeRoom: false, elevator: true, balcony: true }) }));
    await settled();
    expect(factEvents(id as string).map(changesOf)).toEqual([
      [
        { fact: "safe_room", from: true, to: false },
        { fact: "balcony", from: undefined, to: true },
      ],
    ]);
    const story = await client.getListing({ id });
    expect(story.listing?.facts).toMatchObject({ safeRoom: false, elevator: true, balcony: true });
    expect(story.factChanges.map((c) => [c.fact, c.from, c.to, Boolean(c.at)])).toEqual([
      ["safe_room", true, false, true],
    ]);
  });

  it("a listing seen twice in one batch is announced once, with the facts its last sighting gave", async () => {
    const [id] = await ingest(
      input("y3", { price: 4900 }),
      input("y3", { description: `דירה ${tag}`, facts: facts({ elevator: true }) }),
    );
    const created = await waitFor(
      async () => recorder.seen.find((e) => e.type === "listing.created" && e.payload.listing.id === id),
      "listing.created",
    );
    await settled();
    expect(created.payload.listing.facts?.elevator).toBe(true);
    expect(factEvents(id as string)).toEqual([]);
  });
});
