import { createServer } from "node:http";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { preloadScript } from "../../scripts/route-preloads.ts";
import { loadSession } from "../features/auth/session.ts";
import { botListKey } from "../features/bots/keys.ts";
import { prefetchBots } from "../features/bots/prefetch.ts";
import { FIRST_REQUESTS } from "./api.ts";
import { browserAgainst, settle } from "./stubBrowser.ts";

// The page's start script sends a signed-in screen's first calls before the app's code has
// arrived; the app's client takes those answers instead of asking again. Against a real server.

const user = { _id: "u1", email: "dana@example.com" };
const bots = [{ _id: "b1", botName: "Florentin" }];
const calls: { method: string; path: string; auth: string }[] = [];
const server = createServer((req, res) => {
  calls.push({ method: req.method ?? "", path: req.url ?? "", auth: req.headers.authorization ?? "" });
  const revoked = req.headers.authorization === "Bearer revoked";
  res.writeHead(revoked ? 401 : 200, { "content-type": "application/json" });
  if (revoked) return res.end(JSON.stringify({ message: "Session expired" }));
  if (req.url === "/api/auth/validate") return res.end(JSON.stringify({ valid: true }));
  if (req.url === "/api/users/me") return res.end(JSON.stringify({ user }));
  res.end(JSON.stringify(bots));
});
const storage = new Map<string, string>();
browserAgainst(server, storage, calls);

/** Runs the built start script as the page would, on `pathname`. */
function startPage(pathname: string): void {
  const win = window as unknown as { location: { pathname: string } } & Record<string, unknown>;
  win.location.pathname = pathname;
  delete win[FIRST_REQUESTS];
  const document = {
    createElement: () => ({}),
    head: { appendChild: () => undefined },
    documentElement: { dataset: {} },
  };
  const script = preloadScript({ "/bots": ["assets/Bots.js"] }, { "/bots": ["/api/requests"] });
  new Function("window", "document", script)(window, document);
}

interface FirstEntry {
  at: number;
  response: Promise<Response>;
}

describe("a signed-in screen's first calls, sent by the page's start script", () => {
  it("are sent once: the session check and the screen's list take the early answers", async () => {
    storage.set("authToken", "the-token");
    startPage("/bots");
    expect(calls).toEqual([]); // sent, not yet answered: the app has not asked for anything
    const client = new QueryClient();
    prefetchBots(client, "/bots");
    await expect(loadSession()).resolves.toEqual({ user });
    await settle(client);
    expect(client.getQueryData(botListKey(false))).toEqual(bots);
    expect(calls.map((c) => `${c.method} ${c.path} ${c.auth}`).sort()).toEqual([
      "GET /api/requests Bearer the-token",
      "GET /api/users/me Bearer the-token",
      "POST /api/auth/validate Bearer the-token",
    ]);
    // Taken once: a later call goes to the server.
    await expect(loadSession()).resolves.toEqual({ user });
    expect(calls).toHaveLength(5);
  });

  it("are judged by the app as its own: a refused session ends as before", async () => {
    storage.set("authToken", "revoked");
    startPage("/bots");
    await expect(loadSession()).resolves.toEqual({ user: null });
    expect(storage.has("authToken")).toBe(false);
    expect(calls.filter((c) => c.path === "/api/auth/validate")).toHaveLength(1);
  });

  it("are not used for another token, nor when stale: the app asks again", async () => {
    // Each early answer replaced by a server error the check would throw on, to see which it takes.
    const early = () =>
      Object.values((window as unknown as Record<string, Record<string, FirstEntry>>)[FIRST_REQUESTS] ?? {});
    const failing = () => {
      for (const e of early())
        e.response = Promise.resolve(Response.json({ message: "Down" }, { status: 503 }));
    };
    storage.set("authToken", "the-token");
    startPage("/bots");
    failing();
    await expect(loadSession()).rejects.toThrow("Down"); // fresh, same token: taken

    startPage("/bots");
    failing();
    storage.set("authToken", "new-token"); // a sign-in in another tab meanwhile
    await expect(loadSession()).resolves.toEqual({ user });

    storage.set("authToken", "the-token");
    startPage("/bots");
    failing();
    for (const e of early()) e.at -= 31_000;
    await expect(loadSession()).resolves.toEqual({ user });
  });

  it("are not sent without a session nor on a page the script does not know", async () => {
    startPage("/bots");
    storage.set("authToken", "the-token");
    startPage("/admin/bots");
    startPage("/login");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
  });
});
