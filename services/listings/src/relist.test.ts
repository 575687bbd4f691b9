import { create } from "@bufbuild/protobuf";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { createClient } from "@connectrpc/connect";
import { launch, type Running } from "@dirabot/platform";
import { testSettings, trustedTransport, uniqueId, waitFor } from "@dirabot/platform/testing";
import {
  type ListingInput,
  ListingInputSchema,
  ListingsService,
} from "@dirabot/proto/listings/v1/listings_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingEventsRecorder } from "../test/recorder.ts";
import { listings } from "./module.ts";

type Extra = Partial<Omit<ListingInput, "$typeName" | "$unknown" | "source" | "externalId">>;

/**
 * Duplicate groups across time: a flat removed and listed again within 30 days (on any source,
 * its own included) joins its old group; two live listings of one source never share one. The
 * database may be shared with other runs: phones, streets and points are this run's own.
 */
describe("relisting", () => {
  let running: Running;
  let client: ReturnType<typeof createClient<typeof ListingsService>>;
  const recorder = listingEventsRecorder();
  const tag = uniqueId();
  const input = (source: string, id: string, extra: Extra = {}) =>
    create(ListingInputSchema, {
      source,
      externalId: `${tag}-${id}`,
      description: `דירה ${tag}`,
      ...extra,
    });
  const phone = () => `054${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  const ingest = async (...inputs: ListingInput[]) =>
    (await client.ingest({ listings: inputs })).outcomes.map((o) => o.id);
  const get = async (id: string | undefined) => (await client.getListing({ id })).listing;
  const shown = async () =>
    (await client.listListings({ filter: { searchText: tag }, limit: 200 })).listings.map((l) => l.id);
  const remove = (source: string, id: string) =>
    client.recordChecks({ source, results: [{ externalId: `${tag}-${id}`, outcome: "removed" }] });

  beforeAll(async () => {
    running = await launch(testSettings(), [listings, recorder.module]);
    client = createClient(ListingsService, trustedTransport(running));
  });
  afterAll(() => running?.stop());

  it("takes a flat removed and seen again under a new id on the same source into its old group, shown, with its age", async () => {
    const p = phone();
    const [first] = await ingest(input("yad2", "r1", { phone: p, rooms: 3, price: 6000 }));
    const before = await get(first);
    expect(await remove("yad2", "r1")).toMatchObject({ removed: 1 });
    expect(await shown()).not.toContain(first);

    const [again] = await ingest(input("yad2", "r2", { phone: p, rooms: 3, price: 5800 }));
    const relisted = await get(again);
    expect(relisted?.canonicalId).toBe(first);
    // The group's only live member is shown, so the flat is browsable again, once.
    expect((await shown()).filter((id) => id === first || id === again)).toEqual([again]);

    const story = await client.getListing({ id: again });
    expect(story.firstSeenAt && timestampDate(story.firstSeenAt)).toEqual(
      before?.firstSeenAt && timestampDate(before.firstSeenAt),
    );
    expect(story.sources.map((s) => [s.id, s.removedAt !== undefined])).toEqual([
      [first, true],
      [again, false],
    ]);
    expect(story.priceHistory.map((h) => h.price)).toEqual([6000, 5800]);
    // Announced as new with the old group: the bots' never-twice key is the group.
    const created = await waitFor(
      async () => recorder.seen.find((e) => e.type === "listing.created" && e.payload.listing?.id === again),
      "the relisting's listing.created",
    );
    expect(created.payload.listing?.canonicalId).toBe(first);
  });

  it("never groups two live listings of one source, even with the same phone, rooms and price", async () => {
    const p = phone();
    const [a, b] = await ingest(
      input("yad2", "broker-1", { phone: p, rooms: 4, price: 8000 }),
      input("yad2", "broker-2", { phone: p, rooms: 4, price: 8000 }),
    );
    const [c] = await ingest(input("yad2", "broker-3", { phone: p, rooms: 4, price: 8000 }));
    const groups = await Promise.all([a, b, c].map(async (id) => (await get(id))?.canonicalId));
    expect(groups).toEqual([a, b, c]);
    expect(await shown()).toEqual(expect.arrayContaining([a, b, c]));
  });

  it("lets only one live listing of a source into a removed flat's group, in one chunk or later", async () => {
    // Found in CI: two flats of one source at one address, both like a removed one, shared its group.
    const street = `שדרה ${tag}`;
    const flat = { street, houseNumber: "3", rooms: 3, price: 7000, size: 70 };
    const [old] = await ingest(input("yad2", "same-old", flat));
    await remove("yad2", "same-old");
    const [a, b] = await ingest(input("yad2", "same-a", flat), input("yad2", "same-b", flat));
    const [c] = await ingest(input("yad2", "same-c", flat));
    const groups = await Promise.all([a, b, c].map(async (id) => (await get(id))?.canonicalId));
    expect(groups).toEqual([old, b, c]);
    expect(await shown()).toEqual(expect.arrayContaining([a, b, c]));
  });

  it("takes a relisting on another source by the address into the removed flat's group", async () => {
    const street = `רחוב ${tag}`;
    const [y] = await ingest(
      input("yad2", "addr-y", { street, houseNumber: "7", rooms: 2.5, price: 5000, size: 60 }),
    );
    await remove("yad2", "addr-y");
    const [f] = await ingest(
      input("facebook", "addr-f", {
        street,
        houseNumber: "7",
        rooms: 2.5,
        price: 5100,
        sourceGroup: "דירות להשכרה בתל אביב",
      }),
    );
    const fb = await get(f);
    expect(fb).toMatchObject({ canonicalId: y, sourceGroup: "דירות להשכרה בתל אביב" });
    expect(await shown()).toContain(f);
    // A second live listing of the flat on another source joins the group, hidden behind the first.
    const [y2] = await ingest(
      input("yad2", "addr-y2", { street, houseNumber: "7", rooms: 2.5, price: 5100, size: 60 }),
    );
    expect((await get(y2))?.canonicalId).toBe(y);
    const listed = await shown();
    expect([f, y2].filter((id) => listed.includes(id as string))).toHaveLength(1);
  });
});
