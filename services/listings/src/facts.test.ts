import { create } from "@bufbuild/protobuf";
import { createClient } from "@connectrpc/connect";
import { launch, type Running } from "@dirabot/platform";
import { testSettings, trustedTransport, uniqueId, waitFor } from "@dirabot/platform/testing";
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
 * The facts a source states, kept on the listing: a later sighting that says nothing keeps them,
 * one that says otherwise replaces them; the announced listing carries them and its term; the
 * browse filter's must-haves pass only facts known true.
 */
describe("listing facts", () => {
  let running: Running;
  let client: ReturnType<typeof createClient<typeof ListingsService>>;
  const recorder = listingEventsRecorder();
  const tag = uniqueId();
  const input = (id: string, extra: Extra = {}) =>
    create(ListingInputSchema, {
      source: "yad2",
      externalId: `${tag}-${id}`,
      description: `דירה ${tag}`,
      ...extra,
    });
  const ingest = async (...inputs: ListingInput[]) =>
    (await client.ingest({ listings: inputs })).outcomes.map((o) => o.id);
  const facts = (f: Record<string, boolean>) => create(FactsSchema, f);

  beforeAll(async () => {
    running = await launch(testSettings(), [listings, recorder.module]);
    client = createClient(ListingsService, trustedTransport(running));
  });
  afterAll(() => running?.stop());

  it("keeps a fact the next sighting leaves unset, replaces one it states, and announces them with the term", async () => {
    const [id] = await ingest(input("f1", { facts: facts({ safeRoom: true, parking: false }) }));
    const created = await waitFor(
      async () => recorder.seen.find((e) => e.type === "listing.created" && e.payload.listing.id === id),
      "listing.created",
    );
    expect(created.payload.listing).toMatchObject({
      term: "long",
      facts: { safeRoom: true, parking: false },
    });
    expect(created.payload.listing.facts?.elevator).toBeUndefined();

    await ingest(input("f1", { price: 6100 }));
    expect((await client.getListing({ id })).listing?.facts).toMatchObject({
      safeRoom: true,
      parking: false,
    });
    await ingest(input("f1", { facts: facts({ parking: true, elevator: true }) }));
    const after = (await client.getListing({ id })).listing;
    expect(after?.facts).toMatchObject({ safeRoom: true, parking: true, elevator: true });
    expect(after?.facts?.balcony).toBeUndefined();
  });

  it("the browse filter's must-haves pass only known-true facts, and its terms the kinds asked for", async () => {
    const [sure, unknown, no, sublet] = await ingest(
      input("b1", { facts: facts({ safeRoom: true }) }),
      input("b2"),
      input("b3", { facts: facts({ safeRoom: false }) }),
      input("b4", { kind: "sublet", facts: facts({ safeRoom: true }) }),
    );
    const ids = async (filter: object) =>
      (await client.listListings({ filter: { searchText: tag, ...filter }, limit: 100 })).listings
        .map((l) => l.id)
        .filter((x) => [sure, unknown, no, sublet].includes(x))
        .sort();
    expect(await ids({ require: { safeRoom: true } })).toEqual([sure, sublet].sort());
    expect(await ids({ require: { safeRoom: true }, terms: ["long"] })).toEqual([sure]);
    expect(await ids({ terms: ["sublet"] })).toEqual([sublet]);
    expect(await ids({})).toEqual([sure, unknown, no, sublet].sort());
    expect((await client.getListing({ id: sublet })).listing?.term).toBe("sublet");
  });
});
