import { create } from "@bufbuild/protobuf";
import { waitFor } from "@dirabot/platform/testing";
import { FactsSchema } from "@dirabot/proto/listings/v1/listings_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, FLORENTIN, type Harness, startBots, user } from "../test/harness.ts";

type Choices = {
  filters?: { safeRoom: boolean; parking: boolean; elevator: boolean };
  includeRooms?: boolean;
  includeSublets?: boolean;
};
const NONE = { safeRoom: false, parking: false, elevator: false };

describe("matching: a bot's must-haves (safe room, parking, elevator) and its rooms and sublets", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startBots();
  });
  afterAll(() => h?.stop());

  /** An active bot of a new user watching Florentin in a price band of its own. */
  async function bot(choices: Choices, p = h.band()) {
    const actor = user();
    const { bot } = await h.bots.createBot({ botName: `facts ${p.min}`, ...choices }, as(actor));
    const { bot: saved } = await h.bots.updateBot(
      {
        id: bot?.id,
        active: true,
        neighborhoodCodes: [FLORENTIN],
        priceMin: p.min,
        priceMax: p.max,
        minRooms: 1,
      },
      as(actor),
    );
    return { ...p, id: saved?.id as string, actor, saved };
  }

  /** The listings of this run the bot got, once a sentinel (a whole flat with every fact) and the expected ones arrived. */
  async function settled(b: Awaited<ReturnType<typeof bot>>, expected: string[]) {
    const sentinel = await h.ingest({
      neighborhoodCode: FLORENTIN,
      price: b.min + 1,
      facts: create(FactsSchema, { safeRoom: true, parking: true, elevator: true }),
    });
    await waitFor(async () => {
      const got = new Set(h.recorder.matched(b.id).map((m) => m.listing?.id));
      return [sentinel, ...expected].every((id) => got.has(id)) || undefined;
    }, "the sentinel and the expected listings");
    return h.recorder
      .matched(b.id)
      .map((m) => m.listing?.id)
      .filter((id) => h.mine(id) && id !== sentinel);
  }

  it("a bot that requires a safe room never gets a flat without one, nor one whose safe room is unknown", async () => {
    const b = await bot({ filters: { ...NONE, safeRoom: true } });
    expect(b.saved?.filters).toMatchObject({ safeRoom: true, parking: false, elevator: false });
    const yes = [
      await h.ingest({
        neighborhoodCode: FLORENTIN,
        price: b.min + 10,
        facts: create(FactsSchema, { safeRoom: true }),
      }),
    ];
    await h.ingest({
      neighborhoodCode: FLORENTIN,
      price: b.min + 20,
      facts: create(FactsSchema, { safeRoom: false }),
    });
    await h.ingest({ neighborhoodCode: FLORENTIN, price: b.min + 30 }); // unknown
    await h.ingest({
      neighborhoodCode: FLORENTIN,
      price: b.min + 40,
      facts: create(FactsSchema, { parking: true, elevator: true }),
    });
    expect((await settled(b, yes)).sort()).toEqual(yes);
  });

  it("parking and elevator together: both must be known true", async () => {
    const b = await bot({ filters: { safeRoom: false, parking: true, elevator: true } });
    const yes = [
      await h.ingest({
        neighborhoodCode: FLORENTIN,
        price: b.min + 10,
        facts: create(FactsSchema, { parking: true, elevator: true }),
      }),
    ];
    await h.ingest({
      neighborhoodCode: FLORENTIN,
      price: b.min + 20,
      facts: create(FactsSchema, { parking: true }),
    });
    await h.ingest({
      neighborhoodCode: FLORENTIN,
      price: b.min + 30,
      facts: create(FactsSchema, { parking: true, elevator: false }),
    });
    expect((await settled(b, yes)).sort()).toEqual(yes);
  });

  it("by default a bot gets whole flats for long-term rent only, with any facts, known or not", async () => {
    const b = await bot({});
    expect(b.saved).toMatchObject({ includeRooms: false, includeSublets: false });
    const yes = [
      await h.ingest({ neighborhoodCode: FLORENTIN, price: b.min + 10, kind: "apartment" }),
      await h.ingest({
        neighborhoodCode: FLORENTIN,
        price: b.min + 20,
        facts: create(FactsSchema, { safeRoom: false, parking: false }),
      }),
    ];
    await h.ingest({ neighborhoodCode: FLORENTIN, price: b.min + 30, kind: "sublet" });
    await h.ingest({ neighborhoodCode: FLORENTIN, price: b.min + 40, kind: "room" });
    expect((await settled(b, yes)).sort()).toEqual([...yes].sort());
  });

  it("includes sublets and rooms in shared flats when asked, each on its own", async () => {
    const sublets = await bot({ includeSublets: true });
    const subletYes = [
      await h.ingest({ neighborhoodCode: FLORENTIN, price: sublets.min + 10, kind: "sublet" }),
      await h.ingest({ neighborhoodCode: FLORENTIN, price: sublets.min + 20 }),
    ];
    await h.ingest({ neighborhoodCode: FLORENTIN, price: sublets.min + 30, kind: "room" });
    expect((await settled(sublets, subletYes)).sort()).toEqual([...subletYes].sort());

    const rooms = await bot({ includeRooms: true });
    const roomYes = [await h.ingest({ neighborhoodCode: FLORENTIN, price: rooms.min + 10, kind: "room" })];
    await h.ingest({ neighborhoodCode: FLORENTIN, price: rooms.min + 20, kind: "sublet" });
    expect((await settled(rooms, roomYes)).sort()).toEqual(roomYes);
  });

  it("recent matches of a new bot follow the same rules", async () => {
    const p = h.band();
    const flat = await h.ingest({
      neighborhoodCode: FLORENTIN,
      price: p.min + 10,
      facts: create(FactsSchema, { safeRoom: true }),
    });
    await h.ingest({ neighborhoodCode: FLORENTIN, price: p.min + 20 }); // safe room unknown
    await h.ingest({
      neighborhoodCode: FLORENTIN,
      price: p.min + 30,
      kind: "sublet",
      facts: create(FactsSchema, { safeRoom: true }),
    });
    const b = await bot({ filters: { ...NONE, safeRoom: true } }, p);
    expect((await settled(b, [flat])).sort()).toEqual([flat]);
  });

  it("saving the settings without must-haves keeps them; setting them replaces them", async () => {
    const b = await bot({ filters: { ...NONE, elevator: true }, includeRooms: true });
    expect(b.saved).toMatchObject({ filters: { elevator: true }, includeRooms: true, includeSublets: false });
    const { bot: changed } = await h.bots.updateBot(
      {
        id: b.id,
        active: true,
        neighborhoodCodes: [FLORENTIN],
        priceMin: b.min,
        priceMax: b.max,
        minRooms: 1,
        filters: { ...NONE, parking: true },
        includeRooms: false,
        includeSublets: true,
      },
      as(b.actor),
    );
    expect(changed).toMatchObject({
      filters: { safeRoom: false, parking: true, elevator: false },
      includeRooms: false,
      includeSublets: true,
    });
  });
});
