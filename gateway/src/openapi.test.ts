import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Person, startApi } from "./routes/api-harness.ts";

/** The OpenAPI document maps every route: it is for admins, not for whoever asks the public port. */
let api: Awaited<ReturnType<typeof startApi>>;
let user: Person;
let admin: Person;
beforeAll(async () => {
  api = await startApi("openapi");
  [user, admin] = await Promise.all([api.register("Reader"), api.signInAdmin()]);
});
afterAll(() => api?.stop());

describe("GET /api/openapi.json", () => {
  it("answers 401 without a session and 403 to a user", async () => {
    expect(await api.call("GET", "/api/openapi.json")).toEqual({
      status: 401,
      body: { message: "Authentication required", code: "unauthenticated" },
    });
    expect(await api.call("GET", "/api/openapi.json", { token: user.token })).toEqual({
      status: 403,
      body: { message: "Admin access required", code: "permission_denied" },
    });
  });

  it("gives an admin the document of every route, errors in the one shape", async () => {
    const doc = await api.call("GET", "/api/openapi.json", { token: admin.token });
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe("3.1.0");
    expect(doc.body.components.schemas.Error.required).toEqual(["message", "code"]);
    for (const p of [
      "/api/health",
      "/api/assets",
      "/api/assets/count",
      "/api/assets/{id}",
      "/api/requests/neighborhoods",
      "/api/requests/codes",
      "/api/geocode",
      "/api/status",
    ])
      expect(Object.keys(doc.body.paths[p] ?? {})).toContain("get");
    // The scrapers' status badges, outside /api.
    for (const p of ["/yad2/scraper/status", "/yad2/cleaner/status", "/facebook/status"])
      expect(Object.keys(doc.body.paths[p] ?? {})).toEqual(["get", "head"]);
  });
});
