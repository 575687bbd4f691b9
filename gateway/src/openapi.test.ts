import { apiRoutes, contractBreach } from "@dirabot/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertContract, type Json, type Person, startApi } from "../test/api-harness.ts";
import { lintOpenApi } from "../test/redocly.ts";
import { ROUTE_SAMPLES } from "./routes/route-samples.ts";

/** The OpenAPI document maps every route: it is for admins, not for whoever asks the public port. */
let api: Awaited<ReturnType<typeof startApi>>;
let user: Person;
let admin: Person;
beforeAll(async () => {
  api = await startApi("openapi");
  [user, admin] = await Promise.all([api.register("Reader"), api.signInAdmin()]);
});
afterAll(() => api?.stop());

const key = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/:(\w+)/g, "{$1}")}`;

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

  it("documents exactly the contract's routes, each request and JSON answer with a real schema", async () => {
    const doc = await api.call("GET", "/api/openapi.json", { token: admin.token });
    const paths = doc.body.paths as Record<string, Record<string, Json>>;
    const documented = Object.entries(paths)
      .flatMap(([p, methods]) => Object.keys(methods).map((m) => key(m, p)))
      .filter((k) => k.includes(" /api/"));
    expect(documented.sort()).toEqual(apiRoutes.map((r) => key(r.method, r.path)).sort());

    for (const r of apiRoutes) {
      const op = paths[r.path.replace(/:(\w+)/g, "{$1}")]?.[r.method] ?? {};
      for (const [status, answer] of Object.entries(op.responses ?? {}) as [string, Json][]) {
        if (status === "302") continue; // a redirect has no body
        const schema = answer.content?.["application/json"]?.schema;
        expect(schema, `${key(r.method, r.path)} ${status}`).toBeTruthy();
        // An empty schema allows anything: each answer names its type or its shared component.
        expect(schema.type ?? schema.$ref ?? schema.anyOf, `${key(r.method, r.path)} ${status}`).toBeTruthy();
      }
      if (r.body) expect(op.requestBody.content["application/json"].schema.type).toBe("object");
      for (const name of Object.keys(r.query?.shape ?? {}))
        expect(op.parameters.map((p: { name: string }) => p.name)).toContain(name);
    }
    // A user as GET /api/users/me answers it, shared by every route that answers users.
    expect(paths["/api/users/me"]?.get?.responses["200"].content["application/json"].schema).toEqual({
      type: "object",
      properties: { user: { $ref: "#/components/schemas/User" } },
      required: ["user"],
      additionalProperties: false,
    });
  });
});

describe("the document other tools read", () => {
  it("passes Redocly's recommended rules, but for the exceptions its ignore file justifies", async () => {
    const doc = await api.call("GET", "/api/openapi.json", { token: admin.token });
    const report = await lintOpenApi(doc.body);
    expect(report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    // The CLI is a program of its own: a few seconds to start on a busy machine.
  }, 60_000);

  it("names every operation once, and asks for a session exactly where the gateway does", async () => {
    const doc = await api.call("GET", "/api/openapi.json", { token: admin.token });
    const ops = Object.entries(doc.body.paths as Record<string, Record<string, Json>>).flatMap(
      ([p, methods]) => Object.entries(methods).map(([m, op]) => ({ key: key(m, p), op })),
    );
    const ids = ops.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ops.length);
    expect(ids).toContain("botsCreate");
    expect(ids).toContain("headYad2ScraperStatus");
    // The permission matrix's expectations: a required session refuses the anonymous caller
    // (401) alone; without one, anonymous and signed-in callers get the same. An optional
    // session (logout, validate) may go either way.
    for (const { key: k, op } of ops) {
      const sample = ROUTE_SAMPLES.find((s) => s.key === k);
      const [anonymous, owner] = [sample?.expect("anonymous"), sample?.expect("owner")].map((e) =>
        [e].flat(),
      );
      if (op.security === undefined) {
        expect(anonymous, `${k} needs a session`).toContain(401);
        expect(owner, `${k} needs a session`).not.toContain(401);
      } else if (op.security.length === 0) expect(anonymous, `${k} is public`).toEqual(owner);
    }
  });
});

describe("the contract check every route test runs", () => {
  it("accepts the gateway's real answers and refuses the same answers changed", async () => {
    const me = await api.call("GET", "/api/users/me", { token: user.token });
    expect(me.status).toBe(200);
    expect(contractBreach(apiRoutes, "GET", "/api/users/me", 200, me.body)).toBeNull();

    // A field of the wrong type, a field left out, a field the contract does not know.
    const wrongType = { user: { ...me.body.user, roles: "user" } };
    expect(() => assertContract("GET", "/api/users/me", 200, wrongType)).toThrow(/roles/);
    const { email: _, ...missing } = me.body.user;
    expect(() => assertContract("GET", "/api/users/me", 200, { user: missing })).toThrow(/email/);
    expect(() =>
      assertContract("GET", "/api/users/me", 200, { user: { ...me.body.user, password: "x" } }),
    ).toThrow(/password/);
    // A success the route does not declare, and an error outside the {message, code} shape.
    expect(() => assertContract("GET", "/api/users/me", 201, me.body)).toThrow(/does not declare/);
    expect(() => assertContract("GET", "/api/users/me", 401, { error: "no" })).toThrow(/message/);
    // Query strings and ids are matched to their route: /api/requests/{id} is not /api/requests/count.
    const count = await api.call("GET", "/api/requests/count?x=1", { token: user.token });
    expect(count.status).toBe(200);
    expect(() =>
      assertContract("GET", "/api/requests/count", 200, { count: "1", createdLastDay: 0 }),
    ).toThrow(/count/);
  });
});
