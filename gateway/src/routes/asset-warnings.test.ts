import type { ListingInput } from "@dirabot/proto/listings/v1/listings_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, startApi } from "../../test/api-harness.ts";

/**
 * A listing's warnings through GET /api/assets{,/{id}}: listings ingested through
 * the real listings service as the scrapers send them, read as the SPA reads them, each warning
 * with its reason. The database may be shared with other runs: this run's text tag, phones and
 * area (a random neighbourhood and an unusual room count) are its own.
 */
let api: Awaited<ReturnType<typeof startApi>>;
let base: string;
let token: string;
let client: Awaited<ReturnType<typeof startApi>>["listings"];
const run = Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
const HEB = "אבגדהוזחטיכלמנסעפצקרשת";
const tag = Array.from(crypto.getRandomValues(new Uint8Array(9)), (b) => HEB[b % 22]).join("");
const newPhone = () => `054${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)] as T;
// Not the story test's room counts: the two runs never share an area's median.
const ROOMS = pick([12.5, 13.5, 14.5, 15.5, 16.5, 17.5]);
let hoods: number[];

async function get(url: string): Promise<Json> {
  const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as Json;
}
type Extra = Partial<Omit<ListingInput, "$typeName" | "$unknown" | "source" | "externalId">>;
let n = 0;
async function ingest(extra: Extra, text = "", source = "facebook"): Promise<string> {
  const { outcomes } = await client.ingest({
    listings: [{ source, externalId: `${run}-${n++}`, description: `דירה ${tag} ${text}`, ...extra }],
  });
  expect(outcomes[0]?.status).toBe("created");
  return outcomes[0]?.id as string;
}
/** The warnings of these listings in the list (searched by this run's tag) and in the detail. */
async function warningsOf(ids: string[]): Promise<{ list: Json[][]; detail: Json[][] }> {
  const page = await get(`/api/assets?${new URLSearchParams({ searchText: tag, limit: "100" })}`);
  const cards = new Map((page.assets as Json[]).map((a) => [a._id, a]));
  return {
    list: ids.map((id) => cards.get(id)?.warnings),
    detail: await Promise.all(ids.map(async (id) => (await get(`/api/assets/${id}`)).warnings)),
  };
}

beforeAll(async () => {
  api = await startApi("warnings");
  base = api.base;
  token = (await api.register("Dana")).token;
  client = api.listings;
  const codes = (await client.listNeighborhoods({})).neighborhoods.map((h) => h.code);
  hoods = [...codes].sort(() => Math.random() - 0.5).slice(0, 3);
}, 60_000);
afterAll(async () => api?.stop());

describe("GET /api/assets: warnings with their reasons", () => {
  it("warns of a price 35% or more below its area's median, naming the figures", async () => {
    const [hood] = hoods as [number];
    // Five ordinary flats of the area, ₪2,000–2,800 a room, on Yad2 with phones of their own.
    for (const perRoom of [2000, 2200, 2400, 2600, 2800])
      await ingest(
        { neighborhoodCode: hood, rooms: ROOMS, price: perRoom * ROOMS, phone: newPhone() },
        "",
        "yad2",
      );
    // With the bait and the cheap flat in the sample the median is 2,200 a room: the bait's
    // 1,300 is 0.59 of it (41% below); the cheap flat's 1,600 is 0.73, cheap but no warning.
    const bait = await ingest({
      neighborhoodCode: hood,
      rooms: ROOMS,
      price: 1300 * ROOMS,
      phone: newPhone(),
    });
    const cheap = await ingest({
      neighborhoodCode: hood,
      rooms: ROOMS,
      price: 1600 * ROOMS,
      phone: newPhone(),
    });
    const detail = await get(`/api/assets/${bait}`);
    expect(detail.priceSignal).toEqual({ areaMedianPerRoom: 2200, ratio: 0.59 });
    const where = detail.neighborhood ? `in ${detail.neighborhood}` : "in its area";
    const median = (2200 * ROOMS).toLocaleString("en-US");
    const expected = [
      {
        code: "price_far_below_area",
        message: `Price is 41% below the median for ${ROOMS} rooms ${where} (₪${median})`,
      },
    ];
    expect(await warningsOf([bait, cheap])).toEqual({ list: [expected, []], detail: [expected, []] });
  });

  it("warns of a phone on 4 flats in 3 neighbourhoods within 7 days, not of fewer or of an agency", async () => {
    const busy = newPhone();
    const three = newPhone();
    const agency = newPhone();
    const flats = [
      [hoods[0], 3, 6100],
      [hoods[1], 2, 5200],
      [hoods[2], 4, 8900],
      [hoods[2], 3.5, 7400],
    ] as const;
    const ids: string[] = [];
    for (const [hood, rooms, price] of flats)
      ids.push(await ingest({ neighborhoodCode: hood, rooms, price, phone: busy }));
    const fewer: string[] = [];
    for (const [hood, rooms, price] of flats.slice(0, 3))
      fewer.push(await ingest({ neighborhoodCode: hood, rooms, price, phone: three }));
    const agencies: string[] = [];
    for (const [hood, rooms, price] of flats)
      agencies.push(
        await ingest({ neighborhoodCode: hood, rooms, price, phone: agency, merchant: true }, "", "yad2"),
      );
    const expected = [
      {
        code: "phone_on_many_flats",
        message: "The same phone is on 4 different flats in 3 neighbourhoods in the last 7 days",
      },
    ];
    const got = await warningsOf([...ids, ...fewer, ...agencies]);
    const want = [...ids.map(() => expected), ...fewer.map(() => []), ...agencies.map(() => [])];
    expect(got).toEqual({ list: want, detail: want });
  });

  it("warns of money asked before a viewing and of an owner abroad sending keys, from the text", async () => {
    const money = await ingest({ phone: newPhone() }, "דירה יפה, כדי לקבוע צריך להעביר מקדמה לפני הצפייה");
    const abroad = await ingest({ phone: newPhone() }, "I'm abroad right now. The keys will be sent by DHL.");
    const keys = await ingest({ phone: newPhone() }, "המפתחות יישלחו אליך עם שליח");
    const signing = await ingest(
      { phone: newPhone() },
      "The deposit is paid at contract signing, viewings on Sunday",
    );
    const got = await warningsOf([money, abroad, keys, signing]);
    const want = [
      [{ code: "money_before_viewing", message: "Asks for money before you have seen the flat" }],
      [{ code: "owner_abroad", message: "Says the owner is abroad and will send the keys" }],
      [{ code: "owner_abroad", message: "Offers to send the keys by post or courier" }],
      [],
    ];
    expect(got).toEqual({ list: want, detail: want });
  });

  it("words them in the reader's language, the codes the same", async () => {
    const money = await ingest({ phone: newPhone() }, "צריך להעביר מקדמה לפני הצפייה בדירה");
    const hebrew = await api.call("POST", "/api/auth/register", {
      body: { firstname: "נועה", lastname: "כהן", email: `noa-warn-${run}@example.com`, password: "secret1" },
      headers: { "accept-language": "he-IL" },
    });
    const detail = await api.call("GET", `/api/assets/${money}`, { token: hebrew.body.token });
    expect(detail.body.warnings).toEqual([
      { code: "money_before_viewing", message: "מבקשים כסף לפני שראיתם את הדירה" },
    ]);
    const page = await api.call(
      "GET",
      `/api/assets?${new URLSearchParams({ searchText: tag, limit: "100" })}`,
      {
        token: hebrew.body.token,
      },
    );
    const card = (page.body.assets as Json[]).find((a) => a._id === money);
    expect(card?.warnings).toEqual(detail.body.warnings);
  });
});
