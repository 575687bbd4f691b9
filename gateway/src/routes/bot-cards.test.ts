import { waitFor } from "@dirabot/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, type Person, startApi } from "../../test/api-harness.ts";

/**
 * What My Bots' cards read from /api/requests beyond the spec: the first areas named, the last
 * match's time and this week's count, from a real match (a listing ingested through the listings
 * service as a scraper sends it), the owner's alone.
 */
let api: Awaited<ReturnType<typeof startApi>>;
let owner: Person;
let stranger: Person;
const FLORENTIN = 205;
const run = Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
// A price band of this run's own, far above real rents: another run's listings never fall in it.
const MIN = 100_000 + Math.floor(Math.random() * 800_000);

beforeAll(async () => {
  api = await startApi("bot-cards");
  [owner, stranger] = await Promise.all([api.register("Dana"), api.register("Eli")]);
});
afterAll(async () => api?.stop());

const list = async (who: Person) => {
  const r = await api.call("GET", "/api/requests", { token: who.token });
  expect(r.status).toBe(200);
  return r.body as unknown as Json[];
};

describe("/api/requests: what a bot card says", () => {
  it("answers the areas, then the last match and this week's count once a listing matches", async () => {
    const created = await api.call("POST", "/api/requests/website-create", {
      token: owner.token,
      body: { botName: "Florentin" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ areas: [], lastMatchAt: null, matchesThisWeek: 0 });
    const id = created.body._id as string;
    const saved = await api.call("PATCH", `/api/requests/${id}`, {
      token: owner.token,
      body: { isActive: true, neighborhoodCodes: [FLORENTIN], priceLimit: [MIN, MIN + 1000], rooms: 1 },
    });
    expect(saved.body).toMatchObject({
      areas: [{ code: FLORENTIN, name: "תל אביב יפו - פלורנטין", nameEn: "Tel Aviv-Yafo - Florentin" }],
      lastMatchAt: null,
      matchesThisWeek: 0,
    });

    const before = Date.now();
    const { outcomes } = await api.listings.ingest({
      listings: [
        { source: "yad2", externalId: `${run}-1`, neighborhoodCode: FLORENTIN, price: MIN + 10, rooms: 2 },
      ],
    });
    const listingId = outcomes[0]?.id as string;
    const bot = await waitFor(async () => {
      const mine = (await list(owner)).find((b) => b._id === id);
      return mine?.matchesThisWeek === 1 ? mine : undefined;
    }, "the match on the bot's answer");
    expect(bot.seenPosts).toEqual([listingId]);
    expect(Date.parse(bot.lastMatchAt)).toBeGreaterThan(before - 1000);
    expect(Date.parse(bot.lastMatchAt)).toBeLessThanOrEqual(Date.now() + 1000);

    // Another user sees none of it: not in their list, 404 by id.
    expect((await list(stranger)).map((b) => b._id)).not.toContain(id);
    const theirs = await api.call("GET", `/api/requests/${id}`, { token: stranger.token });
    expect(theirs.status).toBe(404);
  });
});
