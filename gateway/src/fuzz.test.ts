import * as http from "node:http";
import { GeocoderDouble } from "@dirabot/listings/testing";
import { notifications } from "@dirabot/notifications";
import { seeded } from "@dirabot/platform/testing";
import { telegram } from "@dirabot/telegram";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertContract, type Person, startApi } from "../test/api-harness.ts";
import { ROUTE_SAMPLES } from "./routes/route-samples.ts";

type Api = Awaited<ReturnType<typeof startApi>>;

// A seeded generator: a failure names its seed and comes back the same way.
const rng = seeded;

const NASTY_VALUES: unknown[] = [
  null,
  true,
  -1,
  1e308,
  "",
  "\u0000",
  "x".repeat(300_000),
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "../../etc/passwd",
  "דירה ₪ 😀",
  [],
  [1, "a", null],
  {},
  { $gt: "" },
  JSON.parse('{"__proto__": {"admin": true}}'),
];

/** Bodies that are not what any route wants. */
function nastyBodies(sample: unknown, next: () => number): string[] {
  const deep = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
  const bodies = ["{", "[]", "null", '"text"', "42", deep, JSON.stringify({ a: "x".repeat(400_000) })];
  if (sample && typeof sample === "object") {
    for (const key of Object.keys(sample)) {
      const value = NASTY_VALUES[Math.floor(next() * NASTY_VALUES.length)];
      bodies.push(JSON.stringify({ ...sample, [key]: value }));
    }
  }
  return bodies;
}

const NASTY_SEGMENTS = [
  "%00",
  "..%2F..%2Fetc",
  "x".repeat(5000),
  "%E0%A4%A",
  encodeURIComponent("😀"),
  "-1",
  "null",
  "%7Bid%7D",
];
const NASTY_QUERIES = ["?id=1&id=2", "?page=-1&limit=1e9", `?q=${"a".repeat(10_000)}`, "?search[]=x", "?%=%"];

interface Answer {
  status: number;
  type: string;
  text: string;
}

/**
 * One raw HTTP request from a given loopback address: the per-address rate limit then counts each
 * part of the test on its own, so the input reaches the routes instead of a 429.
 */
function request(
  base: string,
  from: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = http.request(
      // A connection of its own: one closed after a too-large body is never reused.
      { host: url.hostname, port: url.port, method, path, headers, localAddress: from, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers["content-type"] ?? ""),
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    // A server may answer a too-large body early and close the connection while it is still being
    // written: that is the answer "too large", not a failure of the server.
    req.on("error", (err: NodeJS.ErrnoException) =>
      err.code === "ECONNRESET" || err.code === "EPIPE"
        ? resolve({ status: 0, type: "", text: "reset" })
        : reject(err),
    );
    req.end(body);
  });
}

/**
 * Malformed bodies, paths, queries and headers against every documented route: nothing answers a
 * 5xx, every answer is one the API contract allows (errors `{message, code}`), and the server still
 * answers afterwards. Up to the rate
 * limit: a 429 is a fair answer too.
 */
describe("malformed input to every route", () => {
  let api: Api;
  let owner: Person;
  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 100_000);

  let geocoder: GeocoderDouble;

  beforeAll(async () => {
    geocoder = await GeocoderDouble.start();
    api = await startApi("fuzz", {
      modules: [notifications, telegram],
      settings: { GEOCODER_URL: geocoder.url },
    });
    owner = await api.register("Fuzz");
  }, 180_000);
  afterAll(async () => {
    await api?.stop();
    await geocoder?.close();
  });

  let calls = 0;
  /** Sends from a fresh loopback address every 300 calls, under the 600-a-minute address budget. */
  const send = async (method: string, path: string, headers: Record<string, string>, body?: string) => {
    const res = await request(
      api.base,
      `127.0.0.${10 + Math.floor(calls++ / 300)}`,
      method,
      path,
      headers,
      body,
    );
    // However odd the question, the answer is one the API contract allows.
    if (res.status !== 0 && res.type.includes("json") && res.text)
      assertContract(method, path, res.status, JSON.parse(res.text));
    return res;
  };

  function expectClean(what: string, res: Answer, bodySize = 0) {
    const { text } = res;
    if (res.status === 0) {
      expect(bodySize, `${what}: connection reset`).toBeGreaterThan(256 * 1024);
      return;
    }
    expect(res.status, `${what} (seed ${seed})`).toBeLessThan(500);
    if (res.status >= 400 && res.type.includes("json")) {
      const body = JSON.parse(text);
      expect(typeof body.message, what).toBe("string");
      expect(typeof body.code, what).toBe("string");
      expect(text, what).not.toMatch(/at .+\.ts:\d+|node_modules|Error: /);
    }
  }

  const apiSamples = ROUTE_SAMPLES.filter((s) => s.key.includes(" /api/") && !s.key.endsWith("/logout"));
  const split = (key: string) => key.split(" ") as [string, string];

  it("answers malformed bodies with a clear 4xx", { timeout: 120_000 }, async () => {
    const next = rng(seed);
    for (const sample of apiSamples) {
      const [method, path] = split(sample.key);
      if (method === "GET" || method === "HEAD" || method === "DELETE") continue;
      const url = path.replace(/\{\w+\}/g, "00000000-0000-4000-8000-000000000000");
      for (const raw of nastyBodies(sample.body, next)) {
        const headers = { "content-type": "application/json", authorization: `Bearer ${owner.token}` };
        expectClean(`${sample.key} ${raw.slice(0, 60)}`, await send(method, url, headers, raw), raw.length);
      }
    }
  });

  it("answers odd paths and queries with a clear 4xx", { timeout: 120_000 }, async () => {
    for (const sample of apiSamples) {
      const [method, path] = split(sample.key);
      const urls = path.includes("{")
        ? NASTY_SEGMENTS.map((seg) => path.replace(/\{\w+\}/g, seg))
        : NASTY_QUERIES.map((q) => path + q);
      for (const url of urls) {
        const res = await send(method, url, { authorization: `Bearer ${owner.token}` });
        expectClean(`${method} ${url.slice(0, 80)}`, res);
      }
    }
  });

  it("answers odd headers with a clear 4xx", { timeout: 120_000 }, async () => {
    const headers: Array<Record<string, string>> = [
      { authorization: "Bearer" },
      { authorization: `Bearer ${"a".repeat(6000)}` },
      { authorization: "Bearer a.b.c" },
      { authorization: "Basic YWRtaW46YWRtaW4=" },
      { cookie: "dirabot_token_v3=%E0%A4%A; other=%%%; =; ;;" },
      { "content-type": "text/plain", authorization: `Bearer ${owner.token}` },
      { "content-type": "application/json; charset=utf-16", authorization: `Bearer ${owner.token}` },
      { "x-forwarded-for": "not-an-address, 999.1.1.1", "x-forwarded-proto": "gopher" },
      {
        "accept-language": "x".repeat(4000),
        "user-agent": "\u00ff".repeat(100),
        authorization: "Bearer \u00ff",
      },
    ];
    for (const sample of apiSamples.filter((s) => !s.key.includes("{"))) {
      const [method, path] = split(sample.key);
      for (const h of headers) {
        const body = method === "GET" || method === "HEAD" ? undefined : JSON.stringify(sample.body ?? {});
        expectClean(`${sample.key} ${JSON.stringify(h).slice(0, 60)}`, await send(method, path, h, body));
      }
    }
    // Still serving after all that.
    expect((await fetch(`${api.base}/api/health`)).status).toBe(200);
  });
});
