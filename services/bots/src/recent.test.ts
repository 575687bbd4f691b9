import { external, waitFor } from "@dirabot/platform/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, FLORENTIN, type Harness, startBots, user } from "../test/harness.ts";

// Seven rooms and more: no other test's listings, on a shared database, come near these bots.
const ROOMS = 7;

describe("recent matches: a new or changed bot posts the latest matching listings at once", () => {
  let h: Harness;
  let watcher: { id: string; min: number };
  beforeAll(async () => {
    h = await startBots();
    watcher = await bot(h.band(100));
  });
  afterAll(() => h?.stop());

  async function bot(p: { min: number; max: number }, active = true) {
    const actor = user();
    const { bot } = await h.bots.createBot({ botName: `recent ${p.min}` }, as(actor));
    const id = bot?.id as string;
    const form = {
      active,
      neighborhoodCodes: [FLORENTIN],
      priceMin: p.min,
      priceMax: p.max,
      minRooms: ROOMS,
    };
    if (active) await h.bots.updateBot({ id, ...form }, as(actor));
    return { id, actor, form, min: p.min };
  }

  /** Every listing event before this one has been matched: a bot of its own receives this one. */
  async function drain() {
    const id = await h.ingest({ neighborhoodCode: FLORENTIN, price: watcher.min + 1, rooms: ROOMS });
    await waitFor(async () => h.recorder.matched(watcher.id).find((m) => m.listing?.id === id), "the drain");
  }

  const listing = (price: number) => h.ingest({ neighborhoodCode: FLORENTIN, price, rooms: ROOMS });
  const sent = (botId: string) =>
    h.recorder
      .matched(botId)
      .filter((m) => h.mine(m.listing?.id))
      .map((m) => m.listing?.id as string);

  it("posts the matches of the last 3 days only, oldest first, then new ones live", async () => {
    const p = h.band(100);
    const b = await bot(p, false);
    const old = await listing(p.min + 5);
    // Fixture: four days old (nothing in the product sets first_seen_at).
    await sql`UPDATE ${sql.id("listings", "listings")} SET first_seen_at = now() - interval '4 days'
      WHERE id = ${old}`.execute(h.db());
    const fresh = [await listing(p.min + 10), await listing(p.min + 20), await listing(p.min + 30)];
    await drain();

    await h.bots.updateBot({ id: b.id, ...b.form, active: true }, as(b.actor));
    await waitFor(async () => (sent(b.id).length >= 3 ? true : undefined), "three recent matches");
    expect(sent(b.id).sort()).toEqual([...fresh].sort());
    expect(h.recorder.matched(b.id).every((m) => m.backfill)).toBe(true);
    const { bot: read } = await h.bots.getBot({ id: b.id }, as(b.actor));
    expect(read?.seenPosts).toEqual(fresh); // oldest first: the newest ends last in the chat
    // The in-process bus delivers one at a time in publish order (NATS hands several to a consumer at once).
    if (!external.nats) expect(sent(b.id)).toEqual(fresh);

    const live = await listing(p.min + 40);
    await waitFor(async () => h.recorder.matched(b.id).find((m) => m.listing?.id === live), "the live match");
    expect(h.recorder.matched(b.id).find((m) => m.listing?.id === live)?.backfill).toBe(false);
    expect(sent(b.id)).not.toContain(old);
  });

  it("posts at most 10, and nothing again on a second identical update", async () => {
    const p = h.band(100);
    const b = await bot(p, false);
    const all: string[] = [];
    for (let i = 0; i < 12; i++) all.push(await listing(p.min + i));
    const above = await listing(p.max + 50); // outside the range until the third update
    await drain();

    await h.bots.updateBot({ id: b.id, ...b.form, active: true }, as(b.actor));
    await waitFor(async () => (sent(b.id).length >= 10 ? true : undefined), "ten recent matches");
    const newest = all.slice(2);
    expect(sent(b.id).sort()).toEqual([...newest].sort());
    expect((await h.bots.getBot({ id: b.id }, as(b.actor))).bot?.seenPosts).toEqual(newest);

    await h.bots.updateBot({ id: b.id, ...b.form, active: true }, as(b.actor));
    // A third update that lets one more listing in: once it is posted, the second has had its turn.
    await h.bots.updateBot({ id: b.id, ...b.form, active: true, priceMax: p.max + 100 }, as(b.actor));
    await waitFor(
      async () => h.recorder.matched(b.id).find((m) => m.listing?.id === above),
      "the widened match",
    );
    expect(sent(b.id).sort()).toEqual([...newest, above].sort());
    expect((await h.bots.getBot({ id: b.id }, as(b.actor))).bot?.seenPosts).toEqual([...newest, above]);
  });

  it("posts nothing for a stopped bot, and its recent matches once it is started", async () => {
    const p = h.band(100);
    const b = await bot(p, false);
    const first = await listing(p.min + 1);
    const q = h.band(100);
    const barrier = await bot(q, false);
    const barrierListing = await listing(q.min + 1);
    await drain();
    await h.bots.updateBot({ id: b.id, ...b.form, active: false, botName: "still stopped" }, as(b.actor));
    // Changed after it: once this bot's recent match is posted, the stopped one has had its turn.
    await h.bots.updateBot({ id: barrier.id, ...barrier.form, active: true }, as(barrier.actor));
    await waitFor(async () => (sent(barrier.id).length ? true : undefined), "the barrier's recent match");
    expect(sent(barrier.id)).toEqual([barrierListing]);
    expect(sent(b.id)).toEqual([]);

    await h.bots.updateBot({ id: b.id, ...b.form, active: true }, as(b.actor));
    await waitFor(async () => (sent(b.id).length ? true : undefined), "the recent match");
    expect(sent(b.id)).toEqual([first]);
    expect((await h.bots.getBot({ id: b.id }, as(b.actor))).bot?.seenPosts).toEqual([first]);
  });
});
