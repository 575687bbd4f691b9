import { create } from "@bufbuild/protobuf";
import { timestampDate, timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { launch, type Running } from "@dirabot/platform";
import { trustedTransport, uniqueId, waitFor } from "@dirabot/platform/testing";
import {
  type ListingInput,
  ListingInputSchema,
  ListingsService,
} from "@dirabot/proto/listings/v1/listings_pb.js";
import { testSettings } from "@dirabot/telegram/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingEventsRecorder } from "../test/recorder.ts";
import { listings } from "./module.ts";

type Extra = Partial<Omit<ListingInput, "$typeName" | "$unknown" | "source" | "externalId">>;

// Points inside real neighbourhood polygons (see services/lib/geography/src).
const FLORENTIN = { lat: 32.0565, lon: 34.77 };

describe("the listings service", () => {
  let running: Running;
  let client: ReturnType<typeof createClient<typeof ListingsService>>;
  const recorder = listingEventsRecorder();
  // Every listing of this run carries the tag, so queries see only ours on a shared database.
  const tag = uniqueId();
  const input = (source: string, id: string, extra: Extra = {}) =>
    create(ListingInputSchema, {
      source,
      externalId: `${tag}-${id}`,
      description: `דירה יפה ${tag}`,
      ...extra,
    });
  const mine = { searchText: tag };

  beforeAll(async () => {
    running = await launch(testSettings(), [listings, recorder.module]);
    client = createClient(ListingsService, trustedTransport(running));
  });
  afterAll(() => running?.stop());

  it("stores a new listing once, places it in its neighbourhood and announces it", async () => {
    const first = await client.ingest({
      listings: [
        input("yad2", "a", { ...FLORENTIN, price: 6000, rooms: 3, street: "ויטל", houseNumber: "4" }),
      ],
    });
    expect(first.outcomes[0]).toMatchObject({ status: "created", priceChanged: false, hasDetails: true });
    const again = await client.ingest({
      listings: [
        input("yad2", "a", { ...FLORENTIN, price: 6000, rooms: 3, street: "ויטל", houseNumber: "4" }),
      ],
    });
    expect(again.outcomes[0]).toMatchObject({ status: "unchanged", id: first.outcomes[0]?.id });

    const { listings: found, total } = await client.listListings({ filter: mine });
    expect(total).toBe(1);
    const l = found[0];
    expect(l).toMatchObject({ neighborhoodCode: 205, neighborhoodMethod: "polygon", price: 6000, rooms: 3 });
    expect(l?.location).toContain("ויטל 4");
    await waitFor(
      async () => recorder.seen.find((e) => e.type === "listing.created" && e.payload.listing.id === l?.id),
      "the listing.created event",
    );
    expect(recorder.seen.filter((e) => e.payload.listing?.id === l?.id)).toHaveLength(1);
  });

  it("takes a key sent twice in one batch as one listing, the second input updating it", async () => {
    const r = await client.ingest({
      listings: [input("yad2", "twice", { price: 5100 }), input("yad2", "twice", { price: 5200 })],
    });
    expect(r.outcomes.map((o) => o.status)).toEqual(["created", "updated"]);
    expect(r.outcomes[0]?.id).toBe(r.outcomes[1]?.id);
    const { listing } = await client.getListing({ id: r.outcomes[0]?.id });
    expect(listing?.price).toBe(5200);
  });

  it("records a price change in the history and announces it", async () => {
    const created = await client.ingest({ listings: [input("yad2", "p", { price: 5000, rooms: 2 })] });
    const id = created.outcomes[0]?.id;
    const changed = await client.ingest({ listings: [input("yad2", "p", { price: 4700 })] });
    expect(changed.outcomes[0]).toMatchObject({ status: "updated", priceChanged: true });
    const { listing } = await client.getListing({ id });
    expect(listing).toMatchObject({ price: 4700, rooms: 2 });
    const event = await waitFor(
      async () =>
        recorder.seen.find((e) => e.type === "listing.price_changed" && e.payload.listing.id === id),
      "the listing.price_changed event",
    );
    expect(event.payload).toMatchObject({ oldPrice: 5000, newPrice: 4700 });
  });

  it("links the same flat from two sources and lists it once", async () => {
    const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, "0");
    const a = await client.ingest({
      listings: [
        input("yad2", "dup-y", {
          price: 7200,
          rooms: 4,
          phone: `052-${digits.slice(0, 3)}-${digits.slice(3)}`,
        }),
      ],
    });
    const b = await client.ingest({
      listings: [input("facebook", "dup-f", { price: 7000, rooms: 4, phone: `+972 52 ${digits}` })],
    });
    const ya = await client.getListing({ id: a.outcomes[0]?.id });
    const fb = await client.getListing({ id: b.outcomes[0]?.id });
    expect(fb.listing?.canonicalId).toBe(ya.listing?.id);
    const { listings: shown } = await client.listListings({
      filter: { ...mine, minPrice: 6900, maxPrice: 7300 },
    });
    expect(shown.map((l) => l.id)).toEqual([ya.listing?.id]);
  });

  it("applies every browse filter and pages", async () => {
    const t = `${tag}f`;
    const one = (id: string, extra: Extra) => input("facebook", id, { description: `flat ${t}`, ...extra });
    await client.ingest({
      listings: [
        one("f1", { price: 3000, rooms: 1, merchant: false, street: "שינקין" }),
        one("f2", { price: 5000, rooms: 2.5, merchant: true, ...FLORENTIN }),
        one("f3", { price: 8000, rooms: 4, merchant: false, lat: 32.1, lon: 34.79 }),
        one("f4", { price: 4500, rooms: 2, ...FLORENTIN }),
      ],
    });
    const ids = async (filter: object, more: object = {}) =>
      (await client.listListings({ filter: { searchText: t, ...filter }, ...more })).listings
        .map((l) => l.externalId.split("-").pop())
        .sort();
    expect(await ids({})).toEqual(["f1", "f2", "f3", "f4"]);
    expect(await ids({ searchText: "שינקין" })).toContain("f1");
    expect(await ids({ minRooms: 2.5 })).toEqual(["f2", "f3"]);
    expect(await ids({ minPrice: 4000, maxPrice: 6000 })).toEqual(["f2", "f4"]);
    expect(await ids({ merchant: false })).toEqual(["f1", "f3"]);
    // A bot's "private only": known merchants out, an unknown flag stays in.
    expect(await ids({ privateOnly: true })).toEqual(["f1", "f3", "f4"]);
    expect(await ids({ neighborhoodCode: 205 })).toEqual(["f2", "f4"]);
    expect(await ids({ neighborhoodCodes: [205, 999_999] })).toEqual(["f2", "f4"]);
    expect(await ids({ firstSeenAfter: timestampFromDate(new Date(Date.now() + 60_000)) })).toEqual([]);
    expect(await ids({ firstSeenAfter: timestampFromDate(new Date(Date.now() - 60_000)) })).toHaveLength(4);
    expect(await ids({ south: 32.05, west: 34.76, north: 32.06, east: 34.78 })).toEqual(["f2", "f4"]);
    expect(await ids({}, { mapView: true })).toEqual(["f2", "f3", "f4"]);
    const page2 = await client.listListings({ filter: { searchText: t }, page: 2, limit: 3 });
    expect(page2).toMatchObject({ total: 4, limit: 3 });
    expect(page2.listings).toHaveLength(1);
  });

  it("refuses a malformed input and keeps the rest of the batch", async () => {
    const r = await client.ingest({
      listings: [input("ebay", "x"), input("yad2", "ok", { price: 99_999_999, rooms: 3 })],
    });
    expect(r.outcomes[0]?.status).toMatch(/^invalid: unknown source/);
    expect(r.outcomes[1]?.status).toBe("created");
    const { listing } = await client.getListing({ id: r.outcomes[1]?.id });
    expect(listing?.price).toBeUndefined(); // a phone-number-sized price is noise, dropped
    expect(listing?.rooms).toBe(3);
  });

  it("hides what the cleaner found removed, keeps its history and announces it", async () => {
    const r = await client.ingest({
      listings: [input("yad2", "gone", { price: 4000 }), input("yad2", "stays")],
    });
    const [gone, stays] = r.outcomes.map((o) => o.id);
    const queue = await client.listForCheck({ source: "yad2", limit: 1000 });
    expect(queue.items.map((i) => i.id)).toEqual(expect.arrayContaining([gone, stays]));
    const { removed } = await client.recordChecks({
      source: "yad2",
      results: [
        { externalId: `${tag}-gone`, outcome: "removed" },
        { externalId: `${tag}-stays`, outcome: "alive" },
      ],
    });
    expect(removed).toBe(1);
    const shown = (await client.listListings({ filter: mine, limit: 200 })).listings.map((l) => l.id);
    expect(shown).toContain(stays);
    expect(shown).not.toContain(gone);
    const { listing } = await client.getListing({ id: gone });
    expect(listing?.removedAt && timestampDate(listing.removedAt).getTime()).toBeGreaterThan(0);
    await waitFor(
      async () => recorder.seen.find((e) => e.type === "listing.removed" && e.payload.listingId === gone),
      "the listing.removed event",
    );
    const after = await client.listForCheck({ source: "yad2", limit: 1000 });
    expect(after.items.map((i) => i.id)).not.toContain(gone);
  });

  it("answers NOT_FOUND for an unknown or malformed id", async () => {
    for (const id of ["nope", "00000000-0000-4000-8000-000000000000"]) {
      const err = await client.getListing({ id }).then(() => undefined, ConnectError.from);
      expect(err?.code).toBe(Code.NotFound);
    }
  });

  it("lists the neighbourhood options sorted by name", async () => {
    const { neighborhoods } = await client.listNeighborhoods({});
    expect(neighborhoods.length).toBeGreaterThan(50);
    expect(neighborhoods.find((n) => n.code === 205)?.name).toMatch(/ - פלורנטין$/);
    const names = neighborhoods.map((n) => n.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "he")));
  });
});
