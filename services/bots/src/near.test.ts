import { createClient } from "@connectrpc/connect";
import { assignNeighborhood } from "@dirabot/geography";
import { identity } from "@dirabot/identity";
import type { Actor } from "@dirabot/platform";
import { trustedTransport, uniqueId, waitFor } from "@dirabot/platform/testing";
import { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, failure, type Harness, startBots } from "../test/harness.ts";
import { OsrmDouble } from "../test/osrm-double.ts";

// Points due east of Work (Tel Aviv, then Ramat Gan and Bnei Brak: land, in neighbourhoods),
// on geography's sphere. A listing is placed in the neighbourhood its point falls in.
const KM_PER_DEG = (6371.0088 * Math.PI) / 180;
const WORK = { lat: 32.0853, lon: 34.7818 };
const east = (km: number) => ({
  lat: WORK.lat,
  lon: WORK.lon + km / (KM_PER_DEG * Math.cos((WORK.lat * Math.PI) / 180)),
});
const codeOf = (p: { lat: number; lon: number }) => assignNeighborhood(p).code as number;
/** Every neighbourhood the test's flats fall in: the bots watch them all. */
const AREAS = [...new Set([0, 1, 2, 2.2, 2.5, 3.5, 5].map((k) => codeOf(east(k))))];
/** A listing at this point, in its neighbourhood. */
const at = (p: { lat: number; lon: number }) => ({ neighborhoodCode: codeOf(p), ...p });

describe("a bot's distance conditions", () => {
  let h: Harness;
  let osrm: OsrmDouble;
  let ids: ReturnType<typeof createClient<typeof IdentityService>>;
  beforeAll(async () => {
    osrm = await OsrmDouble.start();
    h = await startBots({ modules: [identity], settings: { ROUTING_URL: osrm.url } });
    ids = createClient(IdentityService, trustedTransport(h.running, "gateway"));
  });
  afterAll(async () => {
    await h?.stop();
    await osrm?.stop();
  });

  /** A new person with these places, once bots has their copy (user.places_changed). */
  async function person(places: { name: string; lat: number; lon: number }[]) {
    const { session } = await ids.register({
      firstname: "Near",
      lastname: "Test",
      email: `near-${uniqueId()}@example.com`,
      password: "password1",
    });
    const actor: Actor = { userId: session?.user?.id as string, admin: false, sessionId: "" };
    const { user } = await ids.updateUser({ id: actor.userId, places: { places } }, as(actor));
    const saved = user?.places ?? [];
    // Until bots has the list, a condition on these places is refused as not theirs.
    await waitFor(async () => {
      const made = await h.bots
        .createBot(
          { botName: "probe", near: { near: saved.map((p) => ({ placeId: p.id, km: 30 })) } },
          as(actor),
        )
        .catch(() => undefined);
      if (made?.bot) await h.bots.deleteBot({ id: made.bot.id }, as(actor));
      return made?.bot ? true : undefined;
    }, "bots knows the places");
    return { actor, places: saved };
  }

  async function bot(a: Actor, near: object[], band = h.band()) {
    const { bot } = await h.bots.createBot(
      {
        botName: `near ${band.min}`,
        search: { neighborhoodCodes: AREAS, priceMin: band.min, priceMax: band.max, minRooms: 1 },
        near: { near: near as never },
      },
      as(a),
    );
    await h.bots.updateBot(
      {
        id: bot?.id,
        active: true,
        neighborhoodCodes: AREAS,
        priceMin: band.min,
        priceMax: band.max,
        minRooms: 1,
      },
      as(a),
    );
    return { ...band, id: bot?.id as string, bot };
  }

  const sentinels = new Set<string>();
  /** The listings of this run the bot got, once a sentinel (at a point it accepts) has arrived. */
  async function got(
    b: { id: string; min: number },
    where: { lat: number; lon: number },
    expected: string[],
  ) {
    const sentinel = await h.ingest({ price: b.min + 1, ...at(where) });
    sentinels.add(sentinel);
    // Listings are matched concurrently: wait for the expected ones as well as the sentinel.
    await waitFor(async () => {
      const seen = new Set(h.recorder.matched(b.id).map((m) => m.listing?.id));
      return [sentinel, ...expected].every((id) => seen.has(id)) ? true : undefined;
    }, "the sentinel and the expected listings");
    return h.recorder
      .matched(b.id)
      .map((m) => m.listing?.id)
      .filter((id) => h.mine(id) && !sentinels.has(id as string));
  }

  it("within 3 km of Work gets the flat 2.5 km away, once, and never the one 3.5 km away", async () => {
    const { actor, places } = await person([{ name: "Work", ...WORK }]);
    const work = places[0]?.id as string;
    const b = await bot(actor, [{ placeId: work, km: 3 }]);
    expect(b.bot?.near).toEqual([expect.objectContaining({ placeId: work, km: 3 })]);
    const near = await h.ingest({ price: b.min + 10, ...at(east(2.5)) });
    await h.ingest({ price: b.min + 20, ...at(east(3.5)) });
    await h.ingest({ neighborhoodCode: codeOf(east(2.5)), price: b.min + 30 }); // no point: meets no condition
    expect(await got(b, WORK, [near])).toEqual([near]);
    // The match names the distance for the group's post.
    const match = h.recorder.matched(b.id).find((m) => m.listing?.id === near);
    expect(match?.distances).toEqual([expect.objectContaining({ placeName: "Work", km: 2.5 })]);
    // A price change runs the same statement: the posts key keeps the flat once.
    await h.change(h.ingested - 3, { price: b.min + 11 });
    expect(await got(b, WORK, [near])).toEqual([near]);
  });

  it("a new bot's recent matches name the distance as live ones do", async () => {
    const { actor, places } = await person([{ name: "Work", ...WORK }]);
    const band = h.band();
    const flat = await h.ingest({ price: band.min + 5, ...at(east(2.2)) });
    // Seen before the bot exists: only the recent matches of a new bot can post it.
    const b = await bot(actor, [{ placeId: places[0]?.id, km: 3 }], band);
    const match = await waitFor(
      async () => h.recorder.matched(b.id).find((m) => m.listing?.id === flat),
      "the recent match",
    );
    expect(match.distances).toEqual([expect.objectContaining({ placeName: "Work", km: 2.2 })]);
  });

  it("every condition must hold: near Work and near School", async () => {
    const school = east(4);
    const { actor, places } = await person([
      { name: "Work", ...WORK },
      { name: "School", ...school },
    ]);
    const [w, s] = places.map((p) => p.id);
    const b = await bot(actor, [
      { placeId: w, km: 3 },
      { placeId: s, km: 2 },
    ]);
    const both = await h.ingest({ price: b.min + 10, ...at(east(2.5)) }); // 2.5 and 1.5
    await h.ingest({ price: b.min + 20, ...at(east(1)) }); // Work only
    expect(await got(b, east(2.2), [both])).toEqual([both]);
  });

  it("within 20 minutes by bicycle takes the router's times, not the straight line", async () => {
    const { actor, places } = await person([{ name: "Office", ...WORK }]);
    const office = places[0]?.id as string;
    const close = east(2); // 10 minutes by the estimate, 26 by the router (a river between)
    const far = east(5); // 25 minutes by the estimate, 18 by the router (a cycle path)
    const key = (p: { lon: number }) => p.lon.toFixed(5);
    osrm.durations = (profile, from) =>
      profile !== "cycling"
        ? undefined
        : key(from) === key(close)
          ? 26 * 60
          : key(from) === key(far)
            ? 18 * 60
            : undefined;
    const b = await bot(actor, [{ placeId: office, minutes: 20, mode: "cycling" }]);
    expect(b.bot?.near).toEqual([expect.objectContaining({ placeId: office, minutes: 20, mode: "cycling" })]);
    await h.ingest({ price: b.min + 10, ...at(close) });
    const routed = await h.ingest({ price: b.min + 20, ...at(far) });
    expect(await got(b, WORK, [routed])).toEqual([routed]);
    expect(
      osrm.requests.some((r) => r.startsWith("/table/v1/cycling/") && r.includes("annotations=duration")),
    ).toBe(true);
  });

  it("a router that fails leaves the estimate: the listing still matches, once", async () => {
    const { actor, places } = await person([{ name: "Gym", ...WORK }]);
    const b = await bot(actor, [{ placeId: places[0]?.id, minutes: 20, mode: "cycling" }]);
    osrm.failing = true;
    try {
      const close = await h.ingest({ price: b.min + 10, ...at(east(2)) });
      await h.ingest({ price: b.min + 20, ...at(east(5)) });
      expect(await got(b, WORK, [close])).toEqual([close]);
    } finally {
      osrm.failing = false;
    }
  });

  it("a place its owner deletes takes its condition with it", async () => {
    const { actor, places } = await person([
      { name: "Work", ...WORK },
      { name: "Parents", ...east(20) },
    ]);
    const [w, p] = places;
    const b = await bot(actor, [
      { placeId: w?.id, km: 3 },
      { placeId: p?.id, km: 2 },
    ]);
    // Only Work is kept: the Parents condition goes, the bot announced with one condition left.
    await ids.updateUser({ id: actor.userId, places: { places: [w as never] } }, as(actor));
    const left = await waitFor(async () => {
      const { bot: now } = await h.bots.getBot({ id: b.id }, as(actor));
      return now?.near.length === 1 ? now.near : undefined;
    }, "the condition gone");
    expect(left).toEqual([expect.objectContaining({ placeId: w?.id, km: 3 })]);
    const near = await h.ingest({ price: b.min + 10, ...at(east(2.5)) });
    expect(await got(b, WORK, [near])).toEqual([near]);
  });

  it("refuses a place that is not the owner's, a distance out of range and a mode it does not know", async () => {
    const { actor, places } = await person([{ name: "Work", ...WORK }]);
    const other = await person([{ name: "Theirs", ...WORK }]);
    const refused = async (near: object[]) =>
      (await failure(h.bots.createBot({ botName: "x", near: { near: near as never } }, as(actor))))
        ?.rawMessage;
    expect(await refused([{ placeId: other.places[0]?.id, km: 3 }])).toBe("Choose one of your places");
    expect(await refused([{ placeId: places[0]?.id, km: 31 }])).toBe("Distance must be 1 to 30 km");
    expect(await refused([{ placeId: places[0]?.id, km: 0.5 }])).toBe("Distance must be 1 to 30 km");
    expect(await refused([{ placeId: places[0]?.id, minutes: 20, mode: "flying" }])).toBe(
      "Travel mode must be walking, cycling or driving",
    );
    expect(
      await refused([
        { placeId: places[0]?.id, km: 3 },
        { placeId: places[0]?.id, km: 4 },
      ]),
    ).toBe("One condition per place");
  });
});
