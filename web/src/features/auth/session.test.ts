import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { QueryClient } from "@tanstack/react-query";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { api, setUnauthorizedHandler } from "../../lib/api.ts";
import { stubBrowser } from "../../lib/stubBrowser.ts";
import { checkEarly } from "./AuthProvider.tsx";
import { loadSession, sessionKey } from "./session.ts";
import { checkRetry } from "./sessionRule.ts";

// The start-up check against a real HTTP server that misbehaves as a server does around a restart
// or under load, run by TanStack Query with the app's retry options (shorter waits).

type Answer = (res: ServerResponse) => void;
const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Answer =>
  (res) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };
const drop: Answer = (res) => res.socket?.destroy();
const html: Answer = (res) => {
  res.writeHead(200, { "content-type": "text/html" });
  res.end("<!doctype html><p>Down for maintenance</p>");
};

const user = { _id: "u1", firstname: "Dana", lastname: "Levi", email: "dana@example.com", roles: ["user"] };
const ok: Record<string, Answer> = {
  "/api/auth/validate": json(200, { valid: true }),
  "/api/users/me": json(200, { user }),
};
/** Answers to give, in order, per path; when a path's list runs out the server answers as `ok`. */
let script: Record<string, Answer[]> = {};
const calls: string[] = [];

const server = createServer((req, res) => {
  // No connection outlives its answer: a kept-alive one closed between tests would make the
  // client send a GET again on a new one, and the calls counted here would double.
  res.shouldKeepAlive = false;
  const path = req.url ?? "";
  calls.push(path);
  req.resume();
  req.on("end", () => (script[path]?.shift() ?? ok[path] ?? json(404, { message: "Unknown route" }))(res));
});
let port = 0;
const listen = () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));

const storage = new Map<string, string>();
beforeAll(async () => {
  await listen();
  port = (server.address() as AddressInfo).port;
  stubBrowser(port, storage);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  if (server.listening) await stop();
});
beforeEach(() => {
  storage.clear();
  storage.set("authToken", "the-token");
  script = {};
  calls.length = 0;
});
afterEach(() => server.closeAllConnections());

function check() {
  const client = new QueryClient();
  return client.fetchQuery({ queryKey: sessionKey, queryFn: loadSession, ...checkRetry, retryDelay: 20 });
}

describe("the start-up check", () => {
  it("signs in with a valid token, validating it and loading the profile at once", async () => {
    let validated = false;
    let profileAskedFirst = false;
    script["/api/auth/validate"] = [
      (res) =>
        setTimeout(() => {
          validated = true;
          json(200, { valid: true })(res);
        }, 100),
    ];
    script["/api/users/me"] = [
      (res) => {
        profileAskedFirst = !validated;
        json(200, { user })(res);
      },
    ];
    expect(await check()).toEqual({ user });
    expect([...calls].sort()).toEqual(["/api/auth/validate", "/api/users/me"]);
    expect(profileAskedFirst).toBe(true); // asked while the validation was still out
  });

  it("judges validation first: a 401 from /me beside a failing validation signs nobody out", async () => {
    const unauthorized = vi.fn();
    setUnauthorizedHandler(unauthorized);
    try {
      script["/api/auth/validate"] = [json(503, { message: "Service unavailable" })];
      script["/api/users/me"] = [json(401, {})];
      expect(await check()).toEqual({ user });
      expect(storage.get("authToken")).toBe("the-token");
      expect(unauthorized).not.toHaveBeenCalled();
    } finally {
      setUnauthorizedHandler(null);
    }
  });

  it("renews the one-day session cookie with the token the server accepted", async () => {
    vi.stubGlobal("document", { cookie: "" });
    expect(await check()).toEqual({ user });
    expect(document.cookie).toMatch(/^dirabot_token_v3=the-token; Max-Age=86400; Path=\/; SameSite=Strict$/);
  });

  it("renews no cookie for a token the server refused", async () => {
    vi.stubGlobal("document", { cookie: "" });
    script = { "/api/auth/validate": [json(401, { message: "Invalid token" })] };
    expect(await check()).toEqual({ user: null });
    expect(document.cookie).toBe("");
  });

  it("keeps the token through 503s, 429s, 5xx, dropped connections and HTML, then signs in", async () => {
    script["/api/auth/validate"] = [
      json(503, { message: "Service unavailable", code: "unavailable" }),
      drop,
      json(429, { message: "Too many requests", code: "rate_limited" }, { "retry-after": "0" }),
      html,
    ];
    script["/api/users/me"] = [json(500, { message: "An error occurred" }), drop, json(502, {})];
    expect(await check()).toEqual({ user });
    // Each attempt asks both; the profile's failures fall in the validation's failed attempts.
    expect(calls.filter((path) => path === "/api/auth/validate")).toHaveLength(5);
    expect(calls.filter((path) => path === "/api/users/me")).toHaveLength(5);
    expect(storage.get("authToken")).toBe("the-token");
  });

  it("keeps the token while the server is down, and signs in when it is back", async () => {
    await stop();
    const result = check();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(storage.get("authToken")).toBe("the-token");
    await listen();
    expect(await result).toEqual({ user });
    expect(storage.get("authToken")).toBe("the-token");
  });

  it("a 401 from validate is a verdict: nobody, the token dropped", async () => {
    script["/api/auth/validate"] = [json(503, {}), json(401, { code: "unauthenticated" })];
    expect(await check()).toEqual({ user: null });
    expect(storage.has("authToken")).toBe(false);
  });

  it("a 401 banned is a verdict with the ban's reason, and the token stays to be asked again", async () => {
    const banned = { message: "Your account is banned", code: "banned", bannedReason: "Fake listings" };
    script["/api/auth/validate"] = [json(401, banned)];
    expect(await check()).toEqual({ user: null, bannedReason: "Fake listings" });
    expect(storage.get("authToken")).toBe("the-token");
    // Lifted: the same token is now plainly refused, and dropped.
    script["/api/auth/validate"] = [
      json(401, { message: "Invalid or expired session", code: "unauthenticated" }),
    ];
    expect(await check()).toEqual({ user: null });
    expect(storage.has("authToken")).toBe(false);
  });

  it("a later call's 401 hands its error to the handler: banned with the reason, or plain", async () => {
    const seen: unknown[] = [];
    setUnauthorizedHandler((error) => seen.push({ code: error.code, bannedReason: error.bannedReason }));
    try {
      script["/api/requests"] = [
        json(401, { message: "Your account is banned", code: "banned", bannedReason: "" }),
        json(401, { message: "Authentication required", code: "unauthenticated" }),
      ];
      await expect(api.get("/api/requests")).rejects.toMatchObject({ status: 401, code: "banned" });
      await expect(api.get("/api/requests")).rejects.toMatchObject({ status: 401 });
      expect(seen).toEqual([
        { code: "banned", bannedReason: "" },
        { code: "unauthenticated", bannedReason: undefined },
      ]);
    } finally {
      setUnauthorizedHandler(null);
    }
  });

  it("so is a 401 or 404 from /me, or a profile missing from its answer", async () => {
    for (const missing of [json(401, {}), json(404, {}), json(200, { user: null }), json(200, {})]) {
      storage.set("authToken", "the-token");
      script["/api/users/me"] = [drop, missing];
      expect(await check()).toEqual({ user: null });
      expect(storage.has("authToken")).toBe(false);
    }
  });

  it("does not drop a token that a sign-in stored while the refused one was checked", async () => {
    script["/api/auth/validate"] = [
      (res) => {
        storage.set("authToken", "a-newer-token");
        json(401, {})(res);
      },
    ];
    expect(await check()).toEqual({ user: null });
    expect(storage.get("authToken")).toBe("a-newer-token");
  });

  it("asks nothing without a token", async () => {
    storage.clear();
    expect(await check()).toEqual({ user: null });
    expect(calls).toEqual([]);
  });
});

describe("the check as the app starts", () => {
  it("runs at once on a screen's path, so it overlaps the download of that screen's code", async () => {
    const client = new QueryClient();
    checkEarly(client, "/bots");
    await vi.waitFor(() => expect(client.getQueryData(sessionKey)).toEqual({ user }));
    expect([...calls].sort()).toEqual(["/api/auth/validate", "/api/users/me"]);
  });

  it("asks nothing on the public paths, nor on /redirect, which stores its token first", async () => {
    const client = new QueryClient();
    for (const path of [
      "/login",
      "/register/",
      "/forgotpassword",
      "/resetpassword",
      "/404",
      "/under_construction",
      "/redirect",
    ])
      checkEarly(client, path);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
    expect(client.getQueryState(sessionKey)).toBeUndefined();
  });
});
