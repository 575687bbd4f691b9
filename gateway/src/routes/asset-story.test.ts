import type { ListingInput } from "@dirabot/proto/listings/v1/listings_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, startApi } from "../../test/api-harness.ts";

/**
 * A flat's story and its price signal through GET /api/assets{,/{id}}: listings ingested through
 * the real listings service as the scrapers send them, removed as the cleaners report, read as
 * the SPA reads them. The database may be shared with other runs: this run's text tag, phone and
 * area (a random neighbourhood and an unusual room count) are its own. Another run that drew the
 * same area would have put in the same prices, which leaves every median below as it is.
 */
let api: Awaited<ReturnType<typeof startApi>>;
let base: string;
let token: string;
let client: Awaited<ReturnType<typeof startApi>>["listings"];
const run = Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
const HEB = "אבגדהוזחטיכלמנסעפצקרשת";
const tag = Array.from(crypto.getRandomValues(new Uint8Array(9)), (b) => HEB[b % 22]).join("");
const phone = `053${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)] as T;
const ROOMS = pick([6.5, 7.5, 8.5, 9.5, 10.5, 11.5]);
const GROUP = "דירות להשכרה בתל אביב ללא תיווך";
let hood: number;
let quiet: number; // another neighbourhood, where this run puts one lone flat

async function get(url: string): Promise<Json> {
  const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as Json;
}
type Extra = Partial<Omit<ListingInput, "$typeName" | "$unknown" | "source" | "externalId">>;
async function ingest(source: string, id: string, extra: Extra): Promise<string> {
  const { outcomes } = await client.ingest({
    listings: [{ source, externalId: `${run}-${id}`, description: `דירה ${tag}`, ...extra }],
  });
  expect(outcomes[0]?.status).toMatch(/^(created|updated)$/);
  return outcomes[0]?.id as string;
}
const removed = (source: string, id: string) =>
  client.recordChecks({ source, results: [{ externalId: `${run}-${id}`, outcome: "removed" }] });
/** A whole flat of this run's area at so many shekels per room. */
const flat = (perRoom: number, extra: Extra = {}): Extra => ({
  neighborhoodCode: hood,
  rooms: ROOMS,
  price: perRoom * ROOMS,
  ...extra,
});

beforeAll(async () => {
  api = await startApi("story");
  base = api.base;
  token = (await api.register("Noa")).token;
  client = api.listings;
  const codes = (await client.listNeighborhoods({})).neighborhoods.map((n) => n.code);
  hood = pick(codes);
  quiet = pick(codes.filter((c) => c !== hood));
});
afterAll(async () => api?.stop());

describe("GET /api/assets/{id}: a flat's story", () => {
  const ids: Record<string, string> = {};

  it("follows a flat seen on Yad2 and in a Facebook group, re-priced twice, removed and relisted", async () => {
    // Five other flats of the area: ₪2,000–2,800 a room.
    for (const [i, perRoom] of [2000, 2200, 2400, 2600, 2800].entries())
      await ingest("yad2", `area-${i}`, flat(perRoom));

    ids.y1 = await ingest("yad2", "y1", flat(2500, { phone, link: "https://www.yad2.co.il/item/y1" }));
    // The same flat posted in a Facebook group: a duplicate, at the same price.
    ids.f1 = await ingest(
      "facebook",
      "f1",
      flat(2500, { phone, link: `https://www.facebook.com/groups/g/posts/${run}/`, sourceGroup: GROUP }),
    );
    await ingest("yad2", "y1", { price: 2400 * ROOMS });
    await ingest("yad2", "y1", { price: 2300 * ROOMS });
    const y1 = await get(`/api/assets/${ids.y1}`);
    expect(y1.firstSeenAt).toBe(y1.createdAt);
    expect(y1.sources.map((s: Json) => [s.source, s.group, s.removedAt])).toEqual([
      ["yad2", null, null],
      ["facebook", GROUP, null],
    ]);

    // Gone from both sources, then back on Yad2 under a new id, cheaper.
    expect((await removed("yad2", "y1")).removed).toBe(1);
    expect((await removed("facebook", "f1")).removed).toBe(1);
    ids.y2 = await ingest("yad2", "y2", flat(2100, { phone, link: "https://www.yad2.co.il/item/y2" }));

    const story = await get(`/api/assets/${ids.y2}`);
    // The asset's own fields are the listing's; the story is the flat's.
    expect(story).toMatchObject({ _id: ids.y2, canonicalId: ids.y1, src: "yad2", price: 2100 * ROOMS });
    expect(story.firstSeenAt).toBe(y1.createdAt);
    expect(new Date(story.createdAt).getTime()).toBeGreaterThan(new Date(story.firstSeenAt).getTime());
    expect(story.sources).toEqual([
      {
        source: "yad2",
        url: "https://www.yad2.co.il/item/y1",
        group: null,
        firstSeenAt: y1.createdAt,
        lastSeenAt: expect.any(String),
        removedAt: expect.any(String),
      },
      {
        source: "facebook",
        url: `https://www.facebook.com/groups/g/posts/${run}/`,
        group: GROUP,
        firstSeenAt: expect.any(String),
        lastSeenAt: expect.any(String),
        removedAt: expect.any(String),
      },
      {
        source: "yad2",
        url: "https://www.yad2.co.il/item/y2",
        group: null,
        firstSeenAt: story.createdAt,
        lastSeenAt: expect.any(String),
        removedAt: null,
      },
    ]);
    const seen = story.sources.map((s: Json) => s.firstSeenAt);
    expect(seen).toEqual([...seen].sort());
    // Every price once, oldest first: Facebook's post at the Yad2 price is no change.
    expect(story.priceHistory.map((h: Json) => h.price)).toEqual(
      [2500, 2400, 2300, 2100].map((p) => p * ROOMS),
    );
    const at = story.priceHistory.map((h: Json) => h.at);
    expect(at).toEqual([...at].sort());
    expect(at[0]).toBe(y1.createdAt);

    // Any member tells the same story.
    const fromOld = await get(`/api/assets/${ids.y1}`);
    expect(fromOld).toMatchObject({ firstSeenAt: story.firstSeenAt, sources: story.sources });
    expect(fromOld.priceHistory).toEqual(story.priceHistory);
  });

  it("gives the price signal: ₪ per room against the area's median, in the detail and the list", async () => {
    // The area's shown whole flats: 2,000 2,100 (the relisted flat) 2,200 2,400 2,600 2,800 a
    // room; the removed members and the hidden duplicate do not count. Median 2,300.
    const story = await get(`/api/assets/${ids.y2}`);
    expect(story.priceSignal).toEqual({ areaMedianPerRoom: 2300, ratio: 0.91 });
    const page = await get(`/api/assets?${new URLSearchParams({ searchText: tag, limit: "50" })}`);
    const cards = new Map((page.assets as Json[]).map((a) => [a._id, a]));
    expect(cards.get(ids.y2)?.priceSignal).toEqual({ areaMedianPerRoom: 2300, ratio: 0.91 });
    const signals = (page.assets as Json[]).map((a) => a.priceSignal?.ratio).sort((a, b) => a - b);
    // 2000/2300 … 2800/2300, rounded to 2 decimals.
    expect(signals).toEqual([0.87, 0.91, 0.96, 1.04, 1.13, 1.22]);
  });

  it("has no price signal without a price, rooms or neighbourhood, for a room, or in a thin area", async () => {
    const none = {
      noPrice: await ingest("yad2", "no-price", flat(0)),
      noRooms: await ingest("yad2", "no-rooms", { neighborhoodCode: hood, price: 9000 }),
      noHood: await ingest("yad2", "no-hood", { rooms: ROOMS, price: 2000 * ROOMS }),
      room: await ingest("facebook", "room", flat(2000, { kind: "room" })),
      thin: await ingest("yad2", "thin", { neighborhoodCode: quiet, rooms: ROOMS, price: 2000 * ROOMS }),
    };
    for (const [name, id] of Object.entries(none))
      expect({ name, signal: (await get(`/api/assets/${id}`)).priceSignal }).toEqual({ name, signal: null });
    const page = await get(`/api/assets?${new URLSearchParams({ searchText: tag, limit: "50" })}`);
    for (const a of page.assets as Json[])
      if (Object.values(none).includes(a._id)) expect(a.priceSignal).toBeNull();
    // A lone flat's story: itself, its one price.
    const thin = await get(`/api/assets/${none.thin}`);
    expect(thin.sources).toHaveLength(1);
    expect(thin.priceHistory).toEqual([{ price: 2000 * ROOMS, at: thin.createdAt }]);
    expect(thin.firstSeenAt).toBe(thin.createdAt);
  });
});
