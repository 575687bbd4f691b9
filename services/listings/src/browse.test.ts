import { create } from "@bufbuild/protobuf";
import { createClient } from "@connectrpc/connect";
import { launch, type Running } from "@dirabot/platform";
import { trustedTransport, uniqueId } from "@dirabot/platform/testing";
import { ListingInputSchema, ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import { testSettings } from "@dirabot/telegram/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createListings } from "./module.ts";

// Browsing past its thresholds, set small here: a list's total past the exact count, and a map
// view with more listings than it sends one by one.
describe("browsing many listings", () => {
  let running: Running;
  let client: ReturnType<typeof createClient<typeof ListingsService>>;
  const tag = uniqueId();
  // Six flats in central Tel Aviv, about 100 m apart along a line.
  const flats = Array.from({ length: 6 }, (_, i) => ({
    lat: 32.07 + i * 0.001,
    lon: 34.78 + i * 0.001,
    price: 5000 + i * 100,
  }));
  const box = { south: 32.06, west: 34.77, north: 32.08, east: 34.79 };

  beforeAll(async () => {
    running = await launch(testSettings(), [createListings({ exactUpTo: 3, mapPoints: 4 })]);
    client = createClient(ListingsService, trustedTransport(running));
    await client.ingest({
      listings: flats.map((f, i) =>
        create(ListingInputSchema, {
          source: "yad2",
          externalId: `${tag}-${i}`,
          description: `דירה ${tag}`,
          rooms: 3,
          ...f,
        }),
      ),
    });
  });
  afterAll(() => running?.stop());

  it("counts a list's total exactly up to the bound, then says it is an estimate", async () => {
    const few = await client.listListings({ filter: { searchText: tag, minPrice: 5300 }, limit: 2 });
    expect(few).toMatchObject({ total: 3, totalEstimated: false });
    const many = await client.listListings({ filter: { searchText: tag }, limit: 2 });
    expect(many.totalEstimated).toBe(true);
    // Never below what was counted before the count stopped.
    expect(many.total).toBeGreaterThanOrEqual(4);
    expect(many.listings).toHaveLength(2);
  });

  it("sends every listing in view as a point while there are few enough", async () => {
    const r = await client.listListings({
      filter: { searchText: tag, minPrice: 5300, ...box },
      mapView: true,
    });
    expect(r.total).toBe(3);
    expect(r.cells.map((c) => c.count)).toEqual([1, 1, 1]);
    expect(r.cells.map((c) => c.price).sort()).toEqual([5300, 5400, 5500]);
    expect(new Set(r.cells.map((c) => c.id))).toEqual(new Set(r.listings.map((l) => l.id)));
  });

  it("aggregates a crowded view into grid cells that still count every listing once", async () => {
    const r = await client.listListings({ filter: { searchText: tag, ...box }, mapView: true, limit: 2 });
    expect(r.listings).toHaveLength(2);
    expect(r.total).toBe(6);
    expect(r.cells.reduce((n, c) => n + c.count, 0)).toBe(6);
    // Each cell sits where its listings are: inside the view, within the flats' own span.
    for (const c of r.cells) {
      expect(c.lat).toBeGreaterThanOrEqual(32.07 - 1e-9);
      expect(c.lat).toBeLessThanOrEqual(32.075 + 1e-9);
      expect(c.lon).toBeGreaterThanOrEqual(34.78 - 1e-9);
      expect(c.lon).toBeLessThanOrEqual(34.785 + 1e-9);
      // A cell of one still names its listing; a cell of many does not.
      expect(Boolean(c.id)).toBe(c.count === 1);
    }
    // Zoomed out to the whole country the six fall into one cell (a cell is 1/40 of the view).
    const country = await client.listListings({
      filter: { searchText: tag, south: 29.5, west: 34.2, north: 33.3, east: 35.9 },
      mapView: true,
    });
    expect(country.cells).toHaveLength(1);
    expect(country.cells[0]).toMatchObject({ count: 6, id: "" });
    expect(country.cells[0]?.price).toBeUndefined();
  });
});
