import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CONNECT_FAILED,
  checkService,
  checkUrl,
  decodeReason,
  offlineTitle,
  statusFromAnswer,
} from "./status.ts";

const at = new Date("2026-11-25T19:47:03Z");

describe("statusFromAnswer", () => {
  it("a 2xx answer is online, with the check's time and address (the preview's source)", () => {
    const url = "http://x/yad2/scraper/status?t=1";
    expect(statusFromAnswer({ ok: true, status: 200, url, reason: null }, at)).toEqual({
      state: "online",
      checkedAt: at,
      url,
    });
  });

  it("a non-OK answer is offline with the fixed message and the gateway's reason", () => {
    expect(statusFromAnswer({ ok: false, status: 503, url: "u", reason: "not run yet" }, at)).toEqual({
      state: "offline",
      checkedAt: at,
      message: "Service returned status: 503",
      reason: "not run yet",
    });
  });

  it("no answer at all is offline: 'Failed to connect to service'", () => {
    expect(statusFromAnswer(null, at)).toEqual({
      state: "offline",
      checkedAt: at,
      message: CONNECT_FAILED,
      reason: null,
    });
    expect(CONNECT_FAILED).toBe("Failed to connect to service");
  });

  it("names the offline service by its {Type}", () => {
    expect(offlineTitle("Facebook")).toBe("Facebook service is offline");
  });
});

describe("decodeReason", () => {
  it("decodes what the gateway percent-encoded, and leaves plain ASCII as it is", () => {
    expect(decodeReason("Yad2 answered 403 (blocked)")).toBe("Yad2 answered 403 (blocked)");
    expect(decodeReason("%D7%97%D7%A1%D7%95%D7%9D: captcha")).toBe("חסום: captcha");
    expect(decodeReason("50% of runs failed")).toBe("50% of runs failed");
  });

  it("treats a missing or blank header as no reason", () => {
    expect(decodeReason(null)).toBeNull();
    expect(decodeReason(undefined)).toBeNull();
    expect(decodeReason("  ")).toBeNull();
  });
});

it("checkUrl adds the check's time, so no cache answers it", () => {
  expect(checkUrl("https://dirabot.example", "/facebook/status", 1764100000000)).toBe(
    "https://dirabot.example/facebook/status?t=1764100000000",
  );
});

// checkService against a real HTTP server answering as the gateway's status routes do.
describe("checkService", () => {
  let server: Server;
  let origin: string;
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      if (req.url?.startsWith("/up")) return res.writeHead(200, { "content-type": "image/svg+xml" }).end();
      res.writeHead(503, { "x-status-reason": "%D7%A0%D7%97%D7%A1%D7%9D by Radware" }).end();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("sends HEAD with ?t= and reads 200 as online", async () => {
    const status = await checkService("/up", origin, at);
    expect(status).toEqual({ state: "online", checkedAt: at, url: `${origin}/up?t=${at.getTime()}` });
    expect(seen).toContain(`HEAD /up?t=${at.getTime()}`);
  });

  it("reads 503 as offline with the decoded x-status-reason", async () => {
    expect(await checkService("/down", origin, at)).toEqual({
      state: "offline",
      checkedAt: at,
      message: "Service returned status: 503",
      reason: "נחסם by Radware",
    });
  });

  it("reads a refused connection as offline: 'Failed to connect to service'", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const status = await checkService("/x", `http://127.0.0.1:${port}`, at);
    expect(status).toMatchObject({ state: "offline", message: "Failed to connect to service" });
  });
});
