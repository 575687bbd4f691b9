import { OsrmDouble } from "@dirabot/bots/testing";
import { uniqueId } from "@dirabot/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, type Person, startApi } from "../../test/api-harness.ts";

/**
 * Places that matter (docs/PRODUCT.md, Places and distance): `places` on the user, `near` on a
 * bot, `distances` on every listing a signed-in person reads, over HTTP as the SPA calls them.
 * Without ROUTING_URL the minutes are the estimate's; with it, an OSRM double's.
 */
const KM_PER_DEG = (6371.0088 * Math.PI) / 180;
const WORK = { lat: 32.0853, lon: 34.7818 };
const east = (km: number) => ({
  lat: WORK.lat,
  lon: WORK.lon + km / (KM_PER_DEG * Math.cos((WORK.lat * Math.PI) / 180)),
});

type Api = Awaited<ReturnType<typeof startApi>>;
const patch = (api: Api, who: Person, id: string, body: unknown, headers?: Record<string, string>) =>
  api.call("PATCH", `/api/users/${id}`, { token: who.token, body, headers });
const me = async (api: Api, who: Person) =>
  (await api.call("GET", "/api/users/me", { token: who.token })).body.user;

/** A flat of this run at a point, at a price no other run's listing has; answers its id. */
async function flat(api: Api, at: { lat: number; lon: number }, price: number) {
  const { outcomes } = await api.listings.ingest({
    listings: [
      { source: "yad2", externalId: `places-${uniqueId()}`, description: "דירה", price, rooms: 3, ...at },
    ],
  });
  return outcomes[0]?.id as string;
}

describe("places, near and distances without a router", () => {
  let api: Api;
  let dana: Person;
  let eli: Person;
  let admin: Person;
  beforeAll(async () => {
    api = await startApi("places");
    [dana, eli, admin] = await Promise.all([api.register("Dana"), api.register("Eli"), api.signInAdmin()]);
  });
  afterAll(() => api?.stop());

  it("the whole list is saved: new places get ids, kept ones keep theirs, left-out ones go", async () => {
    expect((await me(api, dana)).places).toEqual([]);
    const first = await patch(api, dana, dana.id, {
      places: [
        { name: " Work ", ...WORK },
        { name: "Parents", ...east(10) },
      ],
    });
    expect(first.status).toBe(200);
    const [work, parents] = first.body.user.places as Json[];
    expect(work).toEqual({ id: expect.any(String), name: "Work", ...WORK });
    expect(parents?.id).not.toBe(work?.id);
    const second = await patch(api, dana, dana.id, {
      places: [
        { ...work, name: "Office" },
        { name: "School", ...east(3) },
      ],
    });
    const places = second.body.user.places as Json[];
    expect(places.map((p) => p.name)).toEqual(["Office", "School"]);
    expect(places[0]?.id).toBe(work?.id);
    expect(places.map((p) => p.id)).not.toContain(parents?.id);
    expect((await me(api, dana)).places).toEqual(places);
  });

  it("refuses more than 5, no name, a point outside Israel and an id not theirs, in the caller's language", async () => {
    const refused = async (places: unknown, headers?: Record<string, string>) => {
      const r = await patch(api, eli, eli.id, { places }, headers);
      expect(r.status).toBe(400);
      return r.body.message;
    };
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `P${i}`, ...WORK }));
    expect(await refused(six)).toBe("At most 5 places");
    expect(await refused([{ name: " ", ...WORK }])).toBe("A place needs a name");
    expect(await refused([{ name: "x".repeat(41), ...WORK }])).toBe(
      "A place's name must be at most 40 characters",
    );
    expect(await refused([{ name: "Paris", lat: 48.85, lon: 2.35 }])).toBe(
      "A place must be a point inside Israel",
    );
    expect(await refused([{ id: crypto.randomUUID(), name: "Stolen", ...WORK }])).toBe(
      "Unknown place: send the places you have with their ids",
    );
    await patch(api, eli, eli.id, { locale: "he" });
    expect(await refused([{ name: "Paris", lat: 48.85, lon: 2.35 }])).toBe(
      "המקום צריך להיות נקודה בתוך ישראל",
    );
    await patch(api, eli, eli.id, { locale: "en" });
  });

  it("are one's own: nobody else sets them, an admin neither", async () => {
    expect((await patch(api, eli, dana.id, { places: [] })).status).toBe(403);
    const byAdmin = await patch(api, admin, dana.id, { places: [] });
    expect(byAdmin.status).toBe(403);
    expect((await me(api, dana)).places).toHaveLength(2);
  });

  it("a bot's near names the caller's places only, 1-30 km", async () => {
    const [office] = (await me(api, dana)).places as Json[];
    const create = (who: Person, near: unknown) =>
      api.call("POST", "/api/requests/website-create", {
        token: who.token,
        body: { botName: "Near work", near },
      });
    // Bots keeps a copy of the places from an event: the first try may come before it.
    let made = await create(dana, [{ placeId: office?.id, km: 3 }]);
    for (let i = 0; i < 50 && made.status !== 201; i++) {
      await new Promise((r) => setTimeout(r, 100));
      made = await create(dana, [{ placeId: office?.id, km: 3 }]);
    }
    expect(made.status).toBe(201);
    expect(made.body.near).toEqual([{ placeId: office?.id, km: 3, minutes: null, mode: null }]);
    const theirs = await create(eli, [{ placeId: office?.id, km: 3 }]);
    expect([theirs.status, theirs.body.message]).toEqual([400, "Choose one of your places"]);
    const far = await create(dana, [{ placeId: office?.id, km: 31 }]);
    expect([far.status, far.body.message]).toEqual([400, "Distance must be 1 to 30 km"]);
    const both = await create(dana, [{ placeId: office?.id, km: 3, minutes: 10, mode: "walking" }]);
    expect([both.status, both.body.message]).toEqual([
      400,
      "A distance condition needs km, or minutes with a mode",
    ]);
  });

  it("every listing says how far it is from each place: km to 0.1, minutes null, the estimate beside", async () => {
    const price = 700_000 + Math.floor(Math.random() * 200_000);
    const id = await flat(api, east(2.2), price);
    const [office, school] = (await me(api, dana)).places as Json[];
    const one = await api.call("GET", `/api/assets/${id}`, { token: dana.token });
    expect(one.body.distances).toEqual([
      {
        placeId: office?.id,
        km: 2.2,
        minutes: null,
        mode: "estimate",
        estimate: { walking: 33, cycling: 11 },
      },
      {
        placeId: school?.id,
        km: 0.8,
        minutes: null,
        mode: "estimate",
        estimate: { walking: 12, cycling: 4 },
      },
    ]);
    const list = await api.call(
      "GET",
      `/api/assets?priceRange=${encodeURIComponent(JSON.stringify([price, price]))}`,
      {
        token: dana.token,
      },
    );
    const listed = (list.body.assets as Json[]).find((a) => a._id === id);
    expect(listed?.distances).toEqual(one.body.distances);
    // Someone without places reads none.
    expect((await api.call("GET", `/api/assets/${id}`, { token: eli.token })).body.distances).toEqual([]);
  });
});

describe("distances with a router", () => {
  let api: Api;
  let osrm: OsrmDouble;
  let dana: Person;
  beforeAll(async () => {
    osrm = await OsrmDouble.start();
    api = await startApi("places-osrm", { settings: { ROUTING_URL: osrm.url, ROUTING_MODES: "cycling" } });
    dana = await api.register("Dana");
    await patch(api, dana, dana.id, { places: [{ name: "Work", ...WORK }] });
  });
  afterAll(async () => {
    await api?.stop();
    await osrm?.stop();
  });

  it("take the router's minutes by its mode; a failing router leaves the estimate, never an error", async () => {
    osrm.durations = (profile, from, to) =>
      profile === "cycling" && from.lat.toFixed(4) === WORK.lat.toFixed(4) && to.lon > WORK.lon
        ? 17 * 60
        : undefined;
    const id = await flat(api, east(2.5), 600_000 + Math.floor(Math.random() * 50_000));
    const routed = await api.call("GET", `/api/assets/${id}`, { token: dana.token });
    expect(routed.body.distances).toEqual([
      expect.objectContaining({ km: 2.5, minutes: 17, mode: "cycling" }),
    ]);
    expect(osrm.requests.some((r) => r.startsWith("/table/v1/cycling/") && r.includes("sources=0"))).toBe(
      true,
    );
    osrm.failing = true;
    const other = await flat(api, east(4), 650_000 + Math.floor(Math.random() * 50_000));
    const fallen = await api.call("GET", `/api/assets/${other}`, { token: dana.token });
    expect(fallen.status).toBe(200);
    expect(fallen.body.distances).toEqual([
      expect.objectContaining({ km: 4, minutes: null, mode: "estimate" }),
    ]);
    osrm.failing = false;
  });
});
