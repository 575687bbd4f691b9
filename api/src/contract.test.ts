import { describe, expect, it } from "vitest";
import { apiRoutes, contractBreach, exampleBot, matchRoute, openApiDocument } from "./index.ts";

describe("the route a request reaches", () => {
  it("is the one with the most literal segments, by method", () => {
    expect(matchRoute(apiRoutes, "GET", "/api/requests/count")?.path).toBe("/api/requests/count");
    expect(matchRoute(apiRoutes, "GET", "/api/requests/b1")?.path).toBe("/api/requests/:id");
    expect(matchRoute(apiRoutes, "PATCH", "/api/requests/b1")?.method).toBe("patch");
    expect(matchRoute(apiRoutes, "GET", "/api/chats/admin/all-grouped")?.path).toBe(
      "/api/chats/admin/all-grouped",
    );
    expect(matchRoute(apiRoutes, "PUT", "/api/requests/b1")).toBeUndefined();
  });
});

describe("an answer against the contract", () => {
  const bot = {
    ...exampleBot,
    updatedAt: null,
    neighborhoodCodes: [205],
    priceLimit: [3000, 8000],
    merchant: null,
    filters: { ...exampleBot.filters, safeRoom: true },
  };

  it("passes when it keeps it", () => {
    expect(contractBreach(apiRoutes, "GET", "/api/requests/b1", 200, bot)).toBeNull();
    expect(
      contractBreach(apiRoutes, "GET", "/api/requests/b1", 404, {
        message: "Bot not found",
        code: "not_found",
      }),
    ).toBeNull();
    // An unknown path answered with the error shape is fine; answered with success is not.
    expect(
      contractBreach(apiRoutes, "GET", "/api/nothing", 404, { message: "Not found", code: "not_found" }),
    ).toBeNull();
    expect(contractBreach(apiRoutes, "GET", "/api/nothing", 200, {})).toMatch(/no such route/);
  });

  it("names what breaks it", () => {
    expect(contractBreach(apiRoutes, "GET", "/api/requests/b1", 200, { ...bot, priceLimit: [3000] })).toMatch(
      /priceLimit/,
    );
    expect(
      contractBreach(apiRoutes, "GET", "/api/requests/b1", 200, { ...bot, filters: { safeRoom: false } }),
    ).toMatch(/filters/);
    expect(contractBreach(apiRoutes, "GET", "/api/requests/b1", 200, { ...bot, extra: 1 })).toMatch(/extra/);
    expect(contractBreach(apiRoutes, "GET", "/api/requests/b1", 404, { message: "x", code: "gone" })).toMatch(
      /code/,
    );
  });
});

describe("the OpenAPI document", () => {
  it("describes requests as sent and answers as received, with shared components", () => {
    const doc = openApiDocument(apiRoutes, "1") as {
      paths: Record<string, Record<string, { parameters?: { name: string; required: boolean }[] }>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        "Error",
        "User",
        "Bot",
        "Chat",
        "Message",
        "ChatAsset",
        "Property",
        "Notification",
      ]),
    );
    const params = doc.paths["/api/assets"]?.get?.parameters ?? [];
    expect(params.map((p) => p.name)).toEqual(expect.arrayContaining(["page", "priceRange", "bounds"]));
    expect(params.every((p) => !p.required)).toBe(true);
  });
});
