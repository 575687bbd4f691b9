import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, type Person, startApi } from "../../test/api-harness.ts";

/** /api/requests through real HTTP: gateway → bots (and identity for owners) → the database. */
let api: Awaited<ReturnType<typeof startApi>>;
let a: Person;
let b: Person;
let admin: Person;
let codes: number[];

beforeAll(async () => {
  api = await startApi("bots");
  [a, b, admin] = await Promise.all([api.register("Avi"), api.register("Bella"), api.signInAdmin()]);
  const options = await api.call("GET", "/api/requests/neighborhoods");
  codes = (options.body as unknown as { code: number }[]).slice(0, 3).map((o) => o.code);
});
afterAll(async () => api?.stop());

const create = async (who: Person, botName: string, description?: string) => {
  const r = await api.call("POST", "/api/requests/website-create", {
    token: who.token,
    body: { botName, description },
  });
  expect(r.status).toBe(201);
  return r.body;
};
/** The settings dialog's form, as it sends it (the whole bot with the changed fields). */
const form = (bot: Json, change: Json = {}) => ({
  ...bot,
  isActive: true,
  neighborhoodCodes: codes.slice(0, 2),
  priceLimit: [3000, 9000],
  rooms: 2,
  merchant: false,
  ...change,
});
const person = (p: Person) => ({
  _id: p.id,
  firstname: p.firstname,
  lastname: "Cohen",
  fullname: `${p.firstname} Cohen`,
  email: p.email,
});

describe("/api/requests", () => {
  it("needs a session for every route", async () => {
    for (const [method, url] of [
      ["POST", "/api/requests/website-create"],
      ["GET", "/api/requests"],
      ["GET", "/api/requests/count"],
      ["GET", "/api/requests/x"],
      ["PATCH", "/api/requests/x"],
      ["DELETE", "/api/requests/x"],
    ] as const) {
      const r = await api.call(method, url, { body: method === "GET" ? undefined : {} });
      expect(r, `${method} ${url}`).toMatchObject({ status: 401, body: { code: "unauthenticated" } });
    }
  });

  it("creates a bot for the caller, with its chat and the default criteria", async () => {
    const bot = await create(a, "Florentin flats", "two rooms please");
    expect(bot).toMatchObject({
      botName: "Florentin flats",
      chatName: "Florentin flats",
      description: "two rooms please",
      createdBy: person(a),
      isActive: true,
      neighborhoodCodes: [],
      rooms: 1,
      merchant: null,
      seenPosts: [],
    });
    expect(bot._id).toMatch(/\S/);
    expect(bot.chatId).toMatch(/\S/);
    expect(bot.priceLimit).toHaveLength(2);
    expect(Date.parse(bot.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await create(a, "no description")).description).toBe("");
  });

  it("refuses a bot without a name, and a body that is not JSON", async () => {
    const bad = (body: unknown, raw?: string) =>
      api.call("POST", "/api/requests/website-create", { token: a.token, body, raw });
    expect(await bad({})).toMatchObject({ status: 400, body: { message: "Bot name is required" } });
    expect(await bad({ botName: "   " })).toMatchObject({
      status: 400,
      body: { message: "Bot name is required", code: "invalid_argument" },
    });
    expect(await bad({ botName: 12 })).toMatchObject({
      status: 400,
      body: { message: "Bot name is required" },
    });
    expect(await bad(undefined, "{")).toMatchObject({
      status: 400,
      body: { message: "Request body must be JSON" },
    });
  });

  it("creates a bot with the wizard's search in one call; a bad search creates nothing", async () => {
    const who = await api.register("Wizard");
    const post = (body: Json) => api.call("POST", "/api/requests/website-create", { token: who.token, body });
    const made = await post({
      botName: "Wizard bot",
      neighborhoodCodes: [codes[0], 987_654_321],
      priceLimit: [4200, 6900],
      rooms: 3,
      merchant: false,
      filters: { safeRoom: true },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      isActive: true,
      neighborhoodCodes: [codes[0]],
      priceLimit: [4200, 6900],
      rooms: 3,
      merchant: false,
      filters: { safeRoom: true },
    });
    const refused = async (change: Json) => {
      const r = await post({ botName: "Bad", neighborhoodCodes: [codes[0]], ...change });
      expect(r.status, JSON.stringify(change)).toBe(400);
      expect(r.body.code).toBe("invalid_argument");
      return r.body.message;
    };
    expect(await refused({ neighborhoodCodes: [] })).toBe("Please select at least one area");
    expect(await refused({ neighborhoodCodes: [987_654_321] })).toBe("Please select at least one area");
    expect(await refused({ neighborhoodCodes: undefined, rooms: 2 })).toBe("Please select at least one area");
    expect(await refused({ rooms: 0 })).toBe("Please set a valid number of rooms (1-10)");
    expect(await refused({ priceLimit: [7000, 3000] })).toBe("Please set a valid price range");
    expect(await refused({ priceLimit: "cheap" })).toBe("Please set a valid price range");
    expect(await refused({ merchant: true })).toBe(
      "merchant must be false (private listings only) or null (all listings)",
    );
    const mine = await api.call("GET", "/api/requests", { token: who.token });
    expect((mine.body as unknown as Json[]).map((bot) => bot.botName)).toEqual(["Wizard bot"]);
  });

  it("lists the caller's own bots only, and counts them", async () => {
    const mine = await create(b, "Bella's bot");
    const listB = await api.call("GET", "/api/requests", { token: b.token });
    expect(listB.status).toBe(200);
    expect(listB.body).toEqual([expect.objectContaining({ _id: mine._id, createdBy: person(b) })]);
    const listA = await api.call("GET", "/api/requests", { token: a.token });
    expect((listA.body as unknown as Json[]).map((x) => x._id)).not.toContain(mine._id);
    expect(await api.call("GET", "/api/requests/count", { token: b.token })).toEqual({
      status: 200,
      body: { count: 1, createdLastDay: 1 },
    });
    expect(await api.call("GET", "/api/requests?all=yes", { token: b.token })).toMatchObject({
      status: 400,
      body: { message: "all must be true or false" },
    });
  });

  it("saves the settings form and applies the form's rules with their messages", async () => {
    const bot = await create(a, "Settings");
    const patch = (body: unknown, id = bot._id) =>
      api.call("PATCH", `/api/requests/${id}`, { token: a.token, body });
    const saved = await patch(form(bot, { neighborhoodCodes: [...codes.slice(0, 2), 987_654_321] }));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      _id: bot._id,
      isActive: true,
      neighborhoodCodes: codes.slice(0, 2), // unknown codes are dropped
      priceLimit: [3000, 9000],
      rooms: 2,
      merchant: false,
      createdBy: person(a),
    });
    const renamed = await patch(form(bot, { merchant: null, isActive: false, botName: "Renamed" }));
    expect(renamed.body).toMatchObject({ botName: "Renamed", merchant: null, isActive: false });
    expect((await api.call("GET", `/api/requests/${bot._id}`, { token: a.token })).body).toMatchObject({
      botName: "Renamed",
      isActive: false,
    });

    const message = async (change: Json) => {
      const r = await patch(form(bot, change));
      expect(r.status, JSON.stringify(change)).toBe(400);
      return r.body.message;
    };
    const AREAS = "Please select at least one area";
    const ROOMS = "Please set a valid number of rooms (1-10)";
    const PRICE = "Please set a valid price range";
    expect(await message({ neighborhoodCodes: [] })).toBe(AREAS);
    expect(await message({ neighborhoodCodes: [987_654_321] })).toBe(AREAS);
    expect(await message({ neighborhoodCodes: "1,2" })).toBe(AREAS);
    expect(await message({ rooms: 0 })).toBe(ROOMS);
    expect(await message({ rooms: 11 })).toBe(ROOMS);
    expect(await message({ rooms: 2.5 })).toBe(ROOMS);
    expect(await message({ rooms: undefined })).toBe(ROOMS);
    expect(await message({ priceLimit: [5000, 5000] })).toBe(PRICE);
    expect(await message({ priceLimit: [9000, 3000] })).toBe(PRICE);
    expect(await message({ priceLimit: [3000] })).toBe(PRICE);
    expect(await message({ priceLimit: "3000-9000" })).toBe(PRICE);
    expect(await message({ isActive: "yes" })).toBe("isActive must be true or false");
    expect(await message({ merchant: true })).toBe(
      "merchant must be false (private listings only) or null (all listings)",
    );
  });

  it("keeps another user's bot hidden: 404 to read, change or delete it", async () => {
    const bot = await create(a, "Private");
    for (const [method, body] of [["GET"], ["PATCH", form(bot)], ["DELETE"]] as const) {
      const r = await api.call(method, `/api/requests/${bot._id}`, { token: b.token, body });
      expect(r, method).toMatchObject({ status: 404, body: { code: "not_found" } });
    }
    const unknown = await api.call("GET", "/api/requests/not-a-bot-id", { token: a.token });
    expect(unknown).toMatchObject({ status: 404, body: { code: "not_found" } });
    expect((await api.call("GET", `/api/requests/${bot._id}`, { token: a.token })).status).toBe(200);
  });

  it("deletes a bot: it answers {success: true} and is gone", async () => {
    const bot = await create(a, "Short-lived");
    expect(await api.call("DELETE", `/api/requests/${bot._id}`, { token: a.token })).toEqual({
      status: 200,
      body: { success: true },
    });
    expect((await api.call("GET", `/api/requests/${bot._id}`, { token: a.token })).status).toBe(404);
    const list = await api.call("GET", "/api/requests", { token: a.token });
    expect((list.body as unknown as Json[]).map((x) => x._id)).not.toContain(bot._id);
  });

  it("lets admins list every user's bots with their creators, and change them; others get 403", async () => {
    const bot = await create(a, "Watched by admin");
    expect(await api.call("GET", "/api/requests?all=true", { token: a.token })).toMatchObject({
      status: 403,
      body: { code: "permission_denied" },
    });
    const all = await api.call("GET", "/api/requests?all=true", { token: admin.token });
    expect(all.status).toBe(200);
    const byId = new Map((all.body as unknown as Json[]).map((x) => [x._id, x]));
    expect(byId.get(bot._id)?.createdBy).toEqual(person(a));
    const bellas = (all.body as unknown as Json[]).filter((x) => x.createdBy?._id === b.id);
    expect(bellas.map((x) => x.botName)).toEqual(["Bella's bot"]);
    // Without ?all an admin's list is their own.
    expect((await api.call("GET", "/api/requests", { token: admin.token })).body).toEqual([]);

    const changed = await api.call("PATCH", `/api/requests/${bot._id}`, {
      token: admin.token,
      body: form(bot, { isActive: false }),
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ isActive: false, createdBy: person(a) });
    const count = await api.call("GET", "/api/requests/count", { token: admin.token });
    expect(count).toMatchObject({
      status: 200,
      body: { count: expect.any(Number), createdLastDay: expect.any(Number) },
    });
    expect(count.body.count).toBeGreaterThanOrEqual(4); // at least this run's
  });

  it("leaves the neighbourhood routes under /api/requests working", async () => {
    expect(codes.length).toBeGreaterThan(1);
    const names = await api.call("GET", "/api/requests/codes", { token: a.token });
    expect(names.status).toBe(200);
    expect(names.body[String(codes[0])]).toMatch(/\S/);
  });

  it("documents its routes in the OpenAPI document", async () => {
    const doc = await api.call("GET", "/api/openapi.json", { token: admin.token });
    expect(doc.body.paths["/api/requests/{id}"]).toHaveProperty("patch");
    expect(doc.body.paths["/api/requests/{id}"].delete.responses).toHaveProperty("200");
    expect(doc.body.paths["/api/requests/website-create"]).toHaveProperty("post");
    expect(doc.body.paths["/api/chats/{id}/messages/{messageId}/star"]).toHaveProperty("post");
  });
});
