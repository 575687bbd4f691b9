import { createClient } from "@connectrpc/connect";
import { neighborhoods } from "@dirabot/geography";
import { identity } from "@dirabot/identity";
import type { Actor } from "@dirabot/platform";
import { uniqueId, waitFor } from "@dirabot/platform/testing";
import { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, FLORENTIN, type Harness, startBots, user } from "../test/harness.ts";

/**
 * A banned user's bots stop: identity's user.banned suspends them (no match, so nothing reaches
 * the web chat or a Telegram group, and their areas are no longer watched); lifting the ban
 * restores them, with the owner's own settings as they were.
 */
describe("a banned user's bots", () => {
  let h: Harness;
  const adminEmail = `admin-${uniqueId()}@example.com`;
  beforeAll(async () => {
    h = await startBots({
      modules: [identity],
      settings: { ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: "admin-password" },
    });
  }, 180_000);
  afterAll(() => h?.stop());

  /** A bot of `actor` watching Florentin (and `extra`) in the price band `p`. */
  async function bot(actor: Actor, p: { min: number; max: number }, extra: number[] = []) {
    const { bot: made } = await h.bots.createBot({ botName: `bot ${p.min}` }, as(actor));
    const { bot: saved } = await h.bots.updateBot(
      {
        id: made?.id,
        active: true,
        neighborhoodCodes: [FLORENTIN, ...extra],
        priceMin: p.min,
        priceMax: p.max,
        minRooms: 1,
      },
      as(actor),
    );
    return saved?.id as string;
  }
  const got = (botId: string, listingId: string) =>
    h.recorder.matched(botId).some((m) => m.listing?.id === listingId);
  const suspended = async (userId: string) => {
    const r = await sql<{
      all: boolean;
    }>`SELECT bool_and(suspended) AS all FROM bots.bots WHERE user_id = ${userId}`.execute(h.db());
    return r.rows[0]?.all;
  };

  it("match nothing and watch no area while the ban lasts; lifting it restores them", async () => {
    const ids = createClient(IdentityService, h.transport);
    const { session } = await ids.register({
      firstname: "Banned",
      lastname: "Soon",
      email: `banned-${uniqueId()}@example.com`,
      password: "password1",
    });
    const owner: Actor = { userId: session?.user?.id as string, admin: false, sessionId: "" };
    const boss = (await ids.login({ email: adminEmail, password: "admin-password" })).session?.user;
    const admin: Actor = { userId: boss?.id as string, admin: true, sessionId: "" };
    // An area no bot watches yet (a shared database holds other runs' bots): only ours will.
    const watched = new Set((await h.bots.listWatchedAreas({})).neighborhoodCodes);
    const spare = neighborhoods().find((n) => !watched.has(n.code) && n.code !== FLORENTIN)?.code as number;
    const p = h.band();
    const banned = await bot(owner, p, [spare]);
    const control = await bot(user(), p); // another user's bot in the same band: the listings arrived
    const price = (n: number) => ({ neighborhoodCode: FLORENTIN, price: p.min + n, rooms: 3 });

    const before = await h.ingest(price(1));
    await waitFor(async () => (got(banned, before) ? true : undefined), "a match before the ban");
    expect((await h.bots.listWatchedAreas({})).neighborhoodCodes).toContain(spare);

    await ids.updateUser({ id: owner.userId, isBanned: true, bannedReason: "spam" }, as(admin));
    await waitFor(async () => ((await suspended(owner.userId)) ? true : undefined), "the bots suspended");
    const during = await h.ingest(price(2));
    await waitFor(async () => (got(control, during) ? true : undefined), "the listing matched elsewhere");
    expect(got(banned, during)).toBe(false); // one statement matched both bots: it is final
    expect((await h.bots.listWatchedAreas({})).neighborhoodCodes).not.toContain(spare);
    const { bot: kept } = await h.bots.getBot({ id: banned }, as(owner));
    expect(kept?.active).toBe(true); // the owner's own setting is untouched

    await ids.updateUser({ id: owner.userId, isBanned: false }, as(admin));
    await waitFor(
      async () => ((await suspended(owner.userId)) === false ? true : undefined),
      "the bots back",
    );
    const after = await h.ingest(price(3));
    await waitFor(async () => (got(banned, after) ? true : undefined), "a match after the ban");
    expect(got(banned, during)).toBe(false);
    expect((await h.bots.listWatchedAreas({})).neighborhoodCodes).toContain(spare);
    for (const id of [banned, control]) await h.bots.deleteBot({ id }, as(admin)).catch(() => undefined);
  }, 180_000);
});
