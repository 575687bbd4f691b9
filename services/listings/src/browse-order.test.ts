import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { launch, type Running } from "@dirabot/platform";
import { trustedTransport, uniqueId } from "@dirabot/platform/testing";
import { ListingInputSchema, ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import { testSettings } from "@dirabot/telegram/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createListings } from "./module.ts";

// The list's sort orders and "available by", on listings ingested as the scrapers send them.
describe("the list's order and entry dates", () => {
  let running: Running;
  let client: ReturnType<typeof createClient<typeof ListingsService>>;
  const tag = uniqueId();
  // name → price, size, entry date as its source wrote it
  const flats: Record<string, { price?: number; size?: number; entryDate?: string }> = {
    a: { price: 6000, size: 60, entryDate: "2027-01-10T00:00:00" }, // 100 a m²
    b: { price: 4000, size: 80, entryDate: "מיידי" }, // 50 a m²
    c: { price: 9000, size: 50, entryDate: "2027-03-01" }, // 180 a m²
    d: { price: 5000, entryDate: "גמיש" }, // no size
    e: { size: 70, entryDate: "immediate" }, // call for price
    f: { price: 7000, size: 100 }, // 70 a m², no entry date
  };
  const names = Object.keys(flats);
  const nameOf = new Map<string, string>();

  beforeAll(async () => {
    running = await launch(testSettings(), [createListings()]);
    client = createClient(ListingsService, trustedTransport(running));
    // One at a time, so each is first seen after the one before (newest is f).
    for (const name of names) {
      const r = await client.ingest({
        listings: [
          create(ListingInputSchema, {
            source: "yad2",
            externalId: `${tag}-${name}`,
            description: `דירה ${tag}`,
            rooms: 3,
            ...flats[name],
          }),
        ],
      });
      nameOf.set(r.outcomes[0]?.id as string, name);
    }
  });
  afterAll(() => running?.stop());

  const order = async (sort: string, availableBy = "") => {
    const r = await client.listListings({ filter: { searchText: tag, availableBy }, sort, limit: 20 });
    return r.listings.map((l) => nameOf.get(l.id));
  };

  it("lists newest first by default and by name", async () => {
    expect(await order("")).toEqual(["f", "e", "d", "c", "b", "a"]);
    expect(await order("newest")).toEqual(["f", "e", "d", "c", "b", "a"]);
  });

  it("sorts by price both ways, a flat without a price last either way", async () => {
    expect(await order("price_asc")).toEqual(["b", "d", "a", "f", "c", "e"]);
    expect(await order("price_desc")).toEqual(["c", "f", "a", "d", "b", "e"]);
  });

  it("sorts by price per m², lowest first, flats without a size or a price last (newest first)", async () => {
    expect(await order("price_per_sqm")).toEqual(["b", "f", "a", "c", "e", "d"]);
  });

  it("pages through a sort without losing or repeating a flat", async () => {
    const pages = [];
    for (const page of [1, 2, 3]) {
      const r = await client.listListings({ filter: { searchText: tag }, sort: "price_asc", limit: 2, page });
      pages.push(...r.listings.map((l) => nameOf.get(l.id)));
    }
    expect(pages).toEqual(["b", "d", "a", "f", "c", "e"]);
  });

  it("stores the entry date as a day, immediate, or unknown", async () => {
    const r = await client.listListings({ filter: { searchText: tag }, limit: 20 });
    const entry = Object.fromEntries(r.listings.map((l) => [nameOf.get(l.id), l.entryDate]));
    expect(entry).toEqual({ a: "2027-01-10", b: "immediate", c: "2027-03-01", d: "", e: "immediate", f: "" });
  });

  it("finds flats available by a day: a known date not later, and immediate ones; never unknown", async () => {
    expect(await order("newest", "2027-02-01")).toEqual(["e", "b", "a"]);
    expect(await order("newest", "2027-01-10")).toEqual(["e", "b", "a"]);
    expect(await order("newest", "2027-01-09")).toEqual(["e", "b"]);
    expect(await order("price_asc", "2027-12-31")).toEqual(["b", "a", "c", "e"]);
  });

  it("counts and maps the same flats the list shows", async () => {
    const list = await client.listListings({ filter: { searchText: tag, availableBy: "2027-02-01" } });
    expect(list).toMatchObject({ total: 3, totalEstimated: false });
    // None of them has coordinates: the map has nothing, for the same filter.
    const map = await client.listListings({
      filter: { searchText: tag, availableBy: "2027-02-01" },
      mapView: true,
    });
    expect(map.total).toBe(0);
  });

  it("keeps the stored entry date when a later sighting does not say one", async () => {
    await client.ingest({
      listings: [create(ListingInputSchema, { source: "yad2", externalId: `${tag}-a`, price: 6000 })],
    });
    expect(await order("newest", "2027-02-01")).toContain("a");
  });

  it("refuses an unknown order and a day the calendar does not have", async () => {
    const refused = (p: Promise<unknown>) =>
      p.then(
        () => undefined,
        (e) => ConnectError.from(e),
      );
    const bad = await refused(client.listListings({ filter: { searchText: tag }, sort: "cheapest" }));
    expect(bad?.code).toBe(Code.InvalidArgument);
    expect(bad?.rawMessage).toBe("sort must be newest, price_asc, price_desc or price_per_sqm");
    for (const availableBy of ["2027-02-30", "tomorrow", "2027-2-1"]) {
      const e = await refused(client.listListings({ filter: { searchText: tag, availableBy } }));
      expect(e?.code).toBe(Code.InvalidArgument);
      expect(e?.rawMessage).toBe("availableBy must be a date as YYYY-MM-DD, e.g. 2027-01-31");
    }
  });
});
