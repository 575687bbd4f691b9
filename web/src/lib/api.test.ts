import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, api, isTransient, parseRetryAfter, request } from "./api.ts";

// The client against a real HTTP server answering as the gateway does (JSON answers, `{message}` errors).
let server: Server;
let base = "";
const seen: Array<{ method?: string; url?: string; headers: IncomingMessage["headers"]; body: string }> = [];

function reply(res: import("node:http").ServerResponse, status: number, type: string | null, body: string) {
  res.writeHead(status, type ? { "content-type": type } : {});
  res.end(body);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      const path = new URL(req.url ?? "/", "http://x").pathname;
      if (path === "/ok") return reply(res, 200, "application/json; charset=utf-8", '{"user":{"_id":"1"}}');
      if (path === "/empty") return reply(res, 204, null, "");
      if (path === "/json-error")
        return reply(res, 404, "application/json", '{"message":"Not here","code":"not_found"}');
      if (path === "/json-no-message") return reply(res, 502, "application/json", '{"code":"bad_gateway"}');
      if (path === "/text-error") return reply(res, 500, "text/plain", "Gateway exploded");
      if (path === "/silent-error") return reply(res, 500, null, "");
      if (path === "/limited") {
        res.writeHead(429, { "content-type": "application/json", "retry-after": "7" });
        return res.end('{"message":"Too many requests, please try again later.","code":"rate_limited"}');
      }
      if (path === "/html") return reply(res, 200, "text/html", "<!doctype html><p>SPA</p>");
      if (path === "/broken-json") return reply(res, 200, "application/json", "{not json");
      return reply(res, 404, "application/json", '{"message":"Unknown route"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("api client", () => {
  it("sends JSON and returns the parsed JSON answer", async () => {
    const answer = await api.post<{ user: { _id: string } }>(`${base}/ok`, { token: "abc" });
    expect(answer).toEqual({ user: { _id: "1" } });
    const sent = seen.at(-1);
    expect(sent?.method).toBe("POST");
    expect(sent?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(sent?.body ?? "")).toEqual({ token: "abc" });
  });

  it("adds query values to the URL, leaving out null and undefined", async () => {
    await api.get(`${base}/ok`, {
      page: 2,
      searchText: "tel aviv",
      merchant: null,
      bounds: undefined,
      ok: true,
    });
    expect(seen.at(-1)?.url).toBe("/ok?page=2&searchText=tel+aviv&ok=true");
  });

  it("accepts a 204 without a body", async () => {
    await expect(request(`${base}/empty`, { method: "DELETE" })).resolves.toBeUndefined();
  });

  it("uses the message of a JSON error answer", async () => {
    const error = await failure(api.get(`${base}/json-error`));
    expect(error.message).toBe("Not here");
    expect(error.status).toBe(404);
    expect(error.code).toBe("not_found");
  });

  it("falls back to the raw body, then to 'An error occurred'", async () => {
    expect((await failure(api.get(`${base}/text-error`))).message).toBe("Gateway exploded");
    expect((await failure(api.get(`${base}/silent-error`))).message).toBe("An error occurred");
    expect((await failure(api.get(`${base}/json-no-message`))).message).toBe("An error occurred");
  });

  it("rejects a successful answer that is not JSON", async () => {
    const expected = "Invalid response format: expected JSON";
    expect((await failure(api.get(`${base}/html`))).message).toBe(expected);
    expect((await failure(api.get(`${base}/broken-json`))).message).toBe(expected);
  });

  it("reports an unreachable server as 'An error occurred'", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(api.get(`http://127.0.0.1:${port}/ok`));
    expect(error.message).toBe("An error occurred");
    expect(error.status).toBe(0);
  });

  it("carries the server's Retry-After on the error", async () => {
    const error = await failure(api.get(`${base}/limited`));
    expect(error.status).toBe(429);
    expect(error.retryAfterMs).toBe(7000);
    expect((await failure(api.get(`${base}/text-error`))).retryAfterMs).toBeUndefined();
  });
});

describe("Retry-After", () => {
  const now = Date.parse("2025-01-01T12:00:00Z");

  it("reads delay-seconds and HTTP dates", () => {
    expect(parseRetryAfter("5", now)).toBe(5000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter("Wed, 01 Jan 2025 12:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Wed, 01 Jan 2025 11:59:00 GMT", now)).toBe(0);
  });

  it("ignores what is absent or unreadable", () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter("", now)).toBeUndefined();
    expect(parseRetryAfter("-3", now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
  });
});

describe("a failure that is no answer", () => {
  it("is a lost network, a time-out, 429 or a 5xx; never a 4xx answer or another error", () => {
    for (const status of [0, 408, 429, 500, 502, 503])
      expect(isTransient(new ApiError("x", status)), String(status)).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 410])
      expect(isTransient(new ApiError("x", status)), String(status)).toBe(false);
    expect(isTransient(new Error("x"))).toBe(false);
  });
});
