import { createClient } from "@connectrpc/connect";
import { identity } from "@dirabot/identity";
import { trustedTransport, uniqueId, waitFor } from "@dirabot/platform/testing";
import { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, type Harness, startBots } from "../test/harness.ts";
import { DEMO_BOT } from "./users.ts";

describe("a deleted user's bots", () => {
  let h: Harness;
  const adminEmail = `admin-${uniqueId()}@example.com`;
  beforeAll(async () => {
    h = await startBots({
      modules: [identity],
      settings: { ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: "admin-password" },
    });
  });
  afterAll(() => h?.stop());

  it("go with the account, each announced", async () => {
    const ids = createClient(IdentityService, h.transport);
    const { session } = await ids.register({
      firstname: "Gone",
      lastname: "Soon",
      email: `gone-${uniqueId()}@example.com`,
      password: "password1",
    });
    const actor = { userId: session?.user?.id as string, admin: false, sessionId: "" };
    const made = [
      (await h.bots.createBot({ botName: "one" }, as(actor))).bot,
      (await h.bots.createBot({ botName: "two" }, as(actor))).bot,
    ];
    const boss = await ids.login({ email: adminEmail, password: "admin-password" });
    await ids.deleteUser(
      { id: actor.userId },
      as({ userId: boss.session?.user?.id as string, admin: true, sessionId: "" }),
    );
    await waitFor(
      async () => ((await h.bots.listBots({}, as(actor))).bots.length ? undefined : true),
      "the bots gone",
    );
    const deleted = await waitFor(async () => {
      const d = h.recorder.seen.filter((e) => e.type === "bot.deleted" && e.payload.userId === actor.userId);
      return d.length === 2 ? d : undefined;
    }, "two bot.deleted");
    expect(deleted.map((e) => e.payload.chatId).sort()).toEqual(made.map((b) => b?.chatId).sort());
  });
});

describe("an account its email's owner claims", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startBots({ modules: [identity] });
  });
  afterAll(() => h?.stop());

  it("loses the bots whoever opened it with a password made, each announced (their chats go)", async () => {
    const ids = createClient(IdentityService, trustedTransport(h.running, "gateway"));
    const email = `squat-${uniqueId()}@example.com`;
    const { session } = await ids.register({
      firstname: "Squat",
      lastname: "Ter",
      email,
      password: "password1",
    });
    const squatter = { userId: session?.user?.id as string, admin: false, sessionId: "" };
    const made = (await h.bots.createBot({ botName: "squatter's" }, as(squatter))).bot;
    await ids.oAuthSignIn({ provider: "google", email, firstname: "Real", lastname: "Owner" });
    await waitFor(
      async () => ((await h.bots.listBots({}, as(squatter))).bots.length ? undefined : true),
      "the squatter's bots gone",
    );
    const deleted = await waitFor(
      async () =>
        h.recorder.seen.find((e) => e.type === "bot.deleted" && e.payload.userId === squatter.userId),
      "bot.deleted",
    );
    expect(deleted.payload.chatId).toBe(made?.chatId);
    // The owner's own bots, made after the claim, stay: a claim happens once.
    const mine = (await h.bots.createBot({ botName: "mine" }, as(squatter))).bot;
    await ids.oAuthSignIn({ provider: "google", email, firstname: "Real", lastname: "Owner" });
    await new Promise((r) => setTimeout(r, 500));
    expect((await h.bots.listBots({}, as(squatter))).bots.map((b) => b.id)).toEqual([mine?.id]);
  });
});

// DEMO=1 is about a fresh `npm start`: it always runs on a new embedded database and bus.
describe("DEMO=1 on an empty database", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startBots({
      modules: [identity],
      settings: { DEMO: "1", DATABASE_URL: undefined, NATS_URL: undefined },
    });
  });
  afterAll(() => h?.stop());

  it("gives the demo user a Tel Aviv bot that fills with the demo listings", async () => {
    const ids = createClient(IdentityService, h.transport);
    const { session } = await ids.login({ email: "demo@example.com", password: "demo1234" });
    const actor = { userId: session?.user?.id as string, admin: false, sessionId: "" };
    const bots = await waitFor(async () => {
      const r = await h.bots.listBots({}, as(actor));
      return r.bots.length ? r.bots : undefined;
    }, "the demo bot");
    expect(bots).toHaveLength(1);
    expect(bots[0]).toMatchObject({
      botName: "Tel Aviv demo",
      chatName: "Tel Aviv demo",
      active: true,
      neighborhoodCodes: DEMO_BOT.neighborhood_codes,
      priceMin: 3000,
      priceMax: 15000,
      minRooms: 1,
    });
    expect(bots[0]?.merchant).toBeUndefined();
    const id = bots[0]?.id as string;
    // The seeded demo listings reach it (as recent matches, or live when seeded after it).
    const got = await waitFor(async () => {
      const m = h.recorder.matched(id);
      return m.length ? m : undefined;
    }, "a demo listing in the demo bot");
    for (const m of got) {
      expect(DEMO_BOT.neighborhood_codes).toContain(m.listing?.neighborhoodCode);
      expect(m.listing?.price).toBeGreaterThanOrEqual(3000);
      expect(m.listing?.price).toBeLessThanOrEqual(15000);
    }
  });
});
