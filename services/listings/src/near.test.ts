import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { launch, type Running } from "@dirabot/platform";
import { trustedTransport, uniqueId } from "@dirabot/platform/testing";
import { ListingInputSchema, ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import { testSettings } from "@dirabot/telegram/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createListings } from "./module.ts";

// "Near my places" on the list: only flats within the chosen km of any of a person's places.
describe("browsing near places", () => {
  let running: Running;
  let client: ReturnType<typeof createClient<typeof ListingsService>>;
  const tag = uniqueId();
  // A degree of latitude is 111.195 km on geography's sphere.
  const north = (km: number) => km / 111.195;
  const office = { lat: 32.07, lon: 34.78 };
  const parents = { lat: 31.77, lon: 35.21 };
  const flats = {
    near: { lat: office.lat + north(2.5), lon: office.lon },
    far: { lat: office.lat + north(3.5), lon: office.lon },
    jerusalem: { lat: parents.lat - north(1), lon: parents.lon },
    nowhere: {},
  };

  beforeAll(async () => {
    running = await launch(testSettings(), [createListings()]);
    client = createClient(ListingsService, trustedTransport(running));
    await client.ingest({
      listings: Object.entries(flats).map(([name, point]) =>
        create(ListingInputSchema, {
          source: "yad2",
          externalId: `${tag}-${name}`,
          description: `דירה ${tag} ${name}`,
          rooms: 3,
          price: 6000,
          ...point,
        }),
      ),
    });
  });
  afterAll(() => running?.stop());

  const names = (r: { listings: { externalId: string }[] }) =>
    r.listings.map((l) => l.externalId.slice(tag.length + 1)).sort();

  it("keeps a flat 2.5 km from a place at 3 km and leaves out one 3.5 km away", async () => {
    const r = await client.listListings({ filter: { searchText: tag, near: [{ ...office, km: 3 }] } });
    expect(names(r)).toEqual(["near"]);
    expect(r).toMatchObject({ total: 1, totalEstimated: false });
    const wider = await client.listListings({ filter: { searchText: tag, near: [{ ...office, km: 5 }] } });
    expect(names(wider)).toEqual(["far", "near"]);
  });

  it("keeps a flat near any of the places, and counts and pages the union", async () => {
    const near = [
      { ...office, km: 3 },
      { ...parents, km: 2 },
    ];
    const r = await client.listListings({ filter: { searchText: tag, near } });
    expect(names(r)).toEqual(["jerusalem", "near"]);
    expect(r.total).toBe(2);
    const second = await client.listListings({ filter: { searchText: tag, near }, page: 2, limit: 1 });
    expect(second.listings).toHaveLength(1);
    expect(second.total).toBe(2);
  });

  it("leaves the list as it was without places", async () => {
    const r = await client.listListings({ filter: { searchText: tag } });
    expect(names(r)).toEqual(["far", "jerusalem", "near", "nowhere"]);
  });

  it("refuses more than five circles, a ring out of 0.1 to 30 km, or a point off the globe", async () => {
    const refused = async (near: { lat: number; lon: number; km: number }[]) => {
      const err = await client.listListings({ filter: { near } }).catch((e) => ConnectError.from(e));
      expect(err).toBeInstanceOf(ConnectError);
      expect((err as ConnectError).code).toBe(Code.InvalidArgument);
    };
    await refused(Array.from({ length: 6 }, () => ({ ...office, km: 1 })));
    await refused([{ ...office, km: 31 }]);
    await refused([{ ...office, km: 0.05 }]);
    await refused([{ lat: 91, lon: 34, km: 1 }]);
    await refused([{ lat: 32, lon: 181, km: 1 }]);
  });
});
