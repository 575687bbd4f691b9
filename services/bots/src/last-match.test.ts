import { type Timestamp, timestampDate } from "@bufbuild/protobuf/wkt";
import { Code } from "@connectrpc/connect";
import { waitFor } from "@dirabot/platform/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  admin,
  as,
  FLORENTIN,
  failure,
  type Harness,
  NEVE_TZEDEK,
  startBots,
  user,
} from "../test/harness.ts";

/** A timestamp in ms; 0 when unset (the expectations then fail, saying so). */
const ms = (t: Timestamp | undefined) => (t ? timestampDate(t).getTime() : 0);

// What a bot's card says of its matches: the newest one's time and the last 7 days' count, read
// from bot_posts when the bots are listed (a match made a moment ago counts), and its first areas.

describe("a bot's answer: its last match, this week's count and its areas", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startBots();
  });
  afterAll(() => h?.stop());

  async function watching(codes = [FLORENTIN]) {
    const actor = user();
    // A narrow band: on a shared bus other suites' listings reach these bots, and a count is exact.
    const p = h.band(10);
    const { bot } = await h.bots.createBot({ botName: `cards ${p.min}` }, as(actor));
    await h.bots.updateBot(
      { id: bot?.id, active: true, neighborhoodCodes: codes, priceMin: p.min, priceMax: p.max, minRooms: 1 },
      as(actor),
    );
    return { ...p, id: bot?.id as string, actor };
  }

  async function matched(botId: string, listingId: string) {
    await waitFor(
      async () => h.recorder.matched(botId).some((m) => m.listing?.id === listingId) || undefined,
      "the match",
    );
  }

  it("has no last match and 0 this week until a listing matches; then the match's time and 1", async () => {
    const b = await watching();
    const before = (await h.bots.listBots({}, as(b.actor))).bots[0];
    expect(before?.id).toBe(b.id);
    expect(before?.lastMatchAt).toBeUndefined();
    expect(before?.matchesThisWeek).toBe(0);

    const start = Date.now();
    const first = await h.ingest({ neighborhoodCode: FLORENTIN, price: b.min + 1, rooms: 2 });
    await matched(b.id, first);
    const once = (await h.bots.listBots({}, as(b.actor))).bots[0];
    expect(once?.matchesThisWeek).toBe(1);
    const at = ms(once?.lastMatchAt);
    // Fresh: the match just made, not a cached older answer (a second of clock leeway).
    expect(at).toBeGreaterThan(start - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);

    const second = await h.ingest({ neighborhoodCode: FLORENTIN, price: b.min + 2, rooms: 2 });
    await matched(b.id, second);
    const { bot: twice } = await h.bots.getBot({ id: b.id }, as(b.actor));
    expect(twice?.matchesThisWeek).toBe(2);
    expect(ms(twice?.lastMatchAt)).toBeGreaterThanOrEqual(at);
    expect(twice?.seenPosts).toEqual([first, second]);
  });

  it("counts only the last 7 days, while the last match stays the newest", async () => {
    const b = await watching();
    const old = await h.ingest({ neighborhoodCode: FLORENTIN, price: b.min + 1, rooms: 2 });
    await matched(b.id, old);
    await sql`UPDATE bots.bot_posts SET created_at = now() - interval '8 days'
      WHERE bot_id = ${b.id}::uuid`.execute(h.db());
    const aged = (await h.bots.listBots({}, as(b.actor))).bots[0];
    expect(aged?.matchesThisWeek).toBe(0);
    const agedAt = ms(aged?.lastMatchAt);
    expect(Date.now() - agedAt).toBeGreaterThan(7.9 * 24 * 3600 * 1000);

    const fresh = await h.ingest({ neighborhoodCode: FLORENTIN, price: b.min + 2, rooms: 2 });
    await matched(b.id, fresh);
    const now = (await h.bots.listBots({}, as(b.actor))).bots[0];
    expect(now?.matchesThisWeek).toBe(1);
    expect(Date.now() - ms(now?.lastMatchAt)).toBeLessThan(60_000);
    // The update's answer carries them too (the settings dialog puts it in the list).
    const { bot: saved } = await h.bots.updateBot(
      {
        id: b.id,
        active: false,
        neighborhoodCodes: [FLORENTIN],
        priceMin: b.min,
        priceMax: b.max,
        minRooms: 1,
      },
      as(b.actor),
    );
    expect(saved?.matchesThisWeek).toBe(1);
  });

  it("tells each bot of a list its own figures, and nobody else's bots", async () => {
    const a = await watching();
    const other = await watching();
    const sent = await h.ingest({ neighborhoodCode: FLORENTIN, price: a.min + 1, rooms: 2 });
    await matched(a.id, sent);

    const theirs = (await h.bots.listBots({}, as(other.actor))).bots;
    expect(theirs.map((b) => b.id)).toEqual([other.id]);
    expect(theirs[0]?.matchesThisWeek).toBe(0);
    expect(theirs[0]?.lastMatchAt).toBeUndefined();
    expect((await failure(h.bots.getBot({ id: a.id }, as(other.actor))))?.code).toBe(Code.NotFound);

    const everyone = (await h.bots.listBots({ all: true }, as(admin()))).bots;
    expect(everyone.find((b) => b.id === a.id)?.matchesThisWeek).toBe(1);
    expect(everyone.find((b) => b.id === other.id)?.matchesThisWeek).toBe(0);
  });

  it("names its first three areas in Hebrew and English, in the order chosen", async () => {
    const none = await h.bots.createBot({ botName: "no areas" }, as(user()));
    expect(none.bot?.firstAreas).toEqual([]);

    const codes = [NEVE_TZEDEK, FLORENTIN, ...(await otherCodes(2))];
    const b = await watching(codes);
    const { bot } = await h.bots.getBot({ id: b.id }, as(b.actor));
    expect(bot?.neighborhoodCodes).toEqual(codes);
    expect(bot?.firstAreas.map((a) => a.code)).toEqual(codes.slice(0, 3));
    expect(bot?.firstAreas[1]).toMatchObject({
      name: "תל אביב יפו - פלורנטין",
      nameEn: "Tel Aviv-Yafo - Florentin",
    });
  });
});

/** Real neighbourhood codes besides Florentin and Neve Tzedek. */
async function otherCodes(n: number): Promise<number[]> {
  const { neighborhoods } = await import("@dirabot/geography");
  return neighborhoods()
    .map((o) => o.code)
    .filter((c) => c !== FLORENTIN && c !== NEVE_TZEDEK)
    .slice(0, n);
}
