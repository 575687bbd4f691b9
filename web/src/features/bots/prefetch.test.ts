import { createServer } from "node:http";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { setUnauthorizedHandler } from "../../lib/api.ts";
import { browserAgainst, settle } from "../../lib/stubBrowser.ts";
import { botListKey } from "./keys.ts";
import { prefetchBots } from "./prefetch.ts";

// The bot list asked for as the app starts on /bots, against a real HTTP server.

const bots = [{ _id: "b1", botName: "Florentin" }];
const calls: { path: string; auth: string }[] = [];
const server = createServer((req, res) => {
  calls.push({ path: req.url ?? "", auth: req.headers.authorization ?? "" });
  const revoked = req.headers.authorization === "Bearer revoked";
  res.writeHead(revoked ? 401 : 200, { "content-type": "application/json" });
  res.end(JSON.stringify(revoked ? { message: "Session expired" } : bots));
});
const storage = new Map<string, string>();
browserAgainst(server, storage, calls);

describe("the bot list at start", () => {
  it("is asked for with the stored token on /bots and kept under the screen's key", async () => {
    storage.set("authToken", "the-token");
    for (const path of ["/bots", "/bots/"]) {
      const client = new QueryClient();
      prefetchBots(client, path);
      await settle(client);
      expect(client.getQueryData(botListKey(false))).toEqual(bots);
    }
    expect(calls).toEqual([
      { path: "/api/requests", auth: "Bearer the-token" },
      { path: "/api/requests", auth: "Bearer the-token" },
    ]);
  });

  it("is not asked for without a stored token, nor on another page", async () => {
    const client = new QueryClient();
    prefetchBots(client, "/bots");
    storage.set("authToken", "the-token");
    for (const path of ["/login", "/chats", "/admin/bots", "/"]) prefetchBots(client, path);
    await settle(client);
    expect(calls).toEqual([]);
    expect(client.getQueryData(botListKey(false))).toBeUndefined();
  });

  it("leaves a 401 to the start-up check: nobody is signed out by it", async () => {
    storage.set("authToken", "revoked");
    const signOut = vi.fn();
    setUnauthorizedHandler(signOut);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchBots(client, "/bots");
    await settle(client);
    setUnauthorizedHandler(null);
    expect(calls).toEqual([{ path: "/api/requests", auth: "Bearer revoked" }]);
    expect(client.getQueryState(botListKey(false))?.status).toBe("error");
    expect(signOut).not.toHaveBeenCalled();
    expect(storage.get("authToken")).toBe("revoked");
  });
});
