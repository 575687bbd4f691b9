import { create } from "@bufbuild/protobuf";
import { GeocoderDouble } from "@dirabot/listings/testing";
import { notifications } from "@dirabot/notifications";
import { ListingInputSchema } from "@dirabot/proto/listings/v1/listings_pb.js";
import { telegram } from "@dirabot/telegram";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, type Person, startApi } from "../test/api-harness.ts";
import { call } from "../test/realtime-testkit.ts";
import {
  PUSH_SAMPLE as PUSH_DEVICE,
  ROUTE_SAMPLES,
  type Role,
  type RouteSample,
} from "./routes/route-samples.ts";

type Api = Awaited<ReturnType<typeof startApi>>;

/**
 * The permission matrix: every /api route the OpenAPI document lists, called as anonymous, a user
 * (who owns the fixtures), another user, a banned user and an admin. Nobody gets a 5xx; every error
 * is `{message, code}`; each role gets exactly what SECURITY.md says it may have.
 */
describe("who may call what: every /api route × every kind of caller", () => {
  let api: Api;
  const people = {} as Record<Exclude<Role, "anonymous">, Person>;
  const ids: Record<string, string> = {};

  let geocoder: GeocoderDouble;

  beforeAll(async () => {
    geocoder = await GeocoderDouble.start();
    geocoder.add("Florentin", [{ lat: 32.056, lon: 34.77, name: "Florentin, Tel Aviv" }]);
    api = await startApi("permissions", {
      modules: [notifications, telegram],
      settings: { GEOCODER_URL: geocoder.url },
    });
    people.admin = await api.signInAdmin();
    people.owner = await api.register("Owner");
    people.other = await api.register("Other");
    people.banned = await api.register("Banned");
    const as = (p: Person) => ({ token: p.token });
    const bot = await api.call("POST", "/api/requests/website-create", {
      ...as(people.owner),
      body: { botName: "matrix" },
    });
    ids.bot = bot.body._id;
    ids.chat = (await api.call("GET", "/api/chats", as(people.owner))).body.find(
      (c: Json) => c.botId === ids.bot,
    )?._id;
    ids.message = (
      await api.call("POST", `/api/chats/${ids.chat}/messages`, {
        ...as(people.owner),
        body: { content: "hi" },
      })
    ).body._id;
    ids.notification = (
      await api.call("POST", "/api/notifications/test", {
        ...as(people.owner),
        body: { title: "t", body: "b" },
      })
    ).body.notification._id;
    const [outcome] = (
      await api.listings.ingest({
        listings: [
          create(ListingInputSchema, { source: "yad2", externalId: `matrix-${Date.now()}`, price: 5000 }),
        ],
      })
    ).outcomes;
    ids.asset = outcome?.id ?? "";
    ids.user = people.owner.id;
    // The owner signed in on a second device; this one receives pushes.
    await api.call("POST", "/api/auth/login", {
      body: { email: people.owner.email, password: "secret1" },
    });
    ids.session = (await api.call("GET", "/api/users/me/sessions", as(people.owner))).body.find(
      (s: Json) => !s.current && s.id,
    )?.id;
    await api.call("POST", "/api/notifications/subscribe", {
      ...as(people.owner),
      body: { subscription: { ...PUSH_DEVICE, endpoint: "https://127.0.0.1/dirabot-matrix-device" } },
    });
    ids.pushDevice = (
      await api.call("GET", "/api/users/me/push-subscriptions", as(people.owner))
    ).body[0]?.id;
    const ban = await api.call("PATCH", `/api/users/${people.banned.id}`, {
      ...as(people.admin),
      body: { isBanned: true, bannedReason: "matrix" },
    });
    expect(ban.status).toBe(200);
    // The ban ended the banned user's sessions; signing in again is how they see the banned page.
    const again = await api.call("POST", "/api/auth/login", {
      body: { email: people.banned.email, password: "secret1" },
    });
    expect(again.status).toBe(200);
    people.banned = { ...people.banned, token: again.body.token };
    for (const [k, v] of Object.entries(ids)) expect(v, k).toBeTruthy();
  }, 180_000);
  afterAll(async () => {
    await api?.stop();
    await geocoder?.close();
  });

  /** The concrete URL of a documented path: its ids are the owner's fixtures. */
  function urlOf(sample: RouteSample): string {
    const [path] = sample.key.split(" ").slice(1);
    const withIds = (path as string).replace(/\{(\w+)\}/g, (_m, name: string) => {
      if (name === "messageId") return ids.message as string;
      if (name === "provider") return "google";
      if ((path as string).startsWith("/api/users/me/sessions/")) return ids.session as string;
      if ((path as string).startsWith("/api/users/me/push-subscriptions/")) return ids.pushDevice as string;
      const area = (path as string).split("/")[2];
      const byArea: Record<string, string | undefined> = {
        requests: ids.bot,
        chats: ids.chat,
        notifications: ids.notification,
        users: ids.user,
        assets: ids.asset,
      };
      return byArea[area as string] ?? "unknown";
    });
    return withIds + (sample.query ?? "");
  }

  it("has a sample for every documented route and documents every sampled one", async () => {
    const doc = await api.call("GET", "/api/openapi.json", { token: people.admin.token });
    expect(doc.status).toBe(200);
    const documented = Object.entries(doc.body.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(documented.length).toBeGreaterThan(35);
    const sampled = new Set(ROUTE_SAMPLES.map((s) => s.key));
    expect(
      documented.filter((k) => !sampled.has(k)),
      "documented, no sample",
    ).toEqual([]);
    expect(
      [...sampled].filter((k) => !documented.includes(k)),
      "sampled, not documented",
    ).toEqual([]);
  });

  for (const role of ["anonymous", "banned", "other", "owner", "admin"] as Role[]) {
    it(`answers the ${role} as SECURITY.md says, never with a 5xx`, async () => {
      const wrong: string[] = [];
      for (const sample of ROUTE_SAMPLES) {
        if (sample.skip?.includes(role)) continue;
        const [method] = sample.key.split(" ");
        const token = role === "anonymous" ? undefined : people[role].token;
        const body =
          sample.body === undefined
            ? undefined
            : JSON.parse(JSON.stringify(sample.body).replaceAll("{bot}", ids.bot as string));
        const r = await call(api.base, method as string, urlOf(sample), token, body);
        const expected = sample.expect(role);
        const ok = Array.isArray(expected) ? expected.includes(r.status) : r.status === expected;
        if (!ok) wrong.push(`${sample.key} as ${role}: ${r.status} ${JSON.stringify(r.body)}`);
        if (r.status >= 400 && sample.key.includes(" /api/")) {
          expect(typeof r.body?.message, `${sample.key} as ${role}`).toBe("string");
          expect(typeof r.body?.code, `${sample.key} as ${role}`).toBe("string");
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});
