import * as http from "node:http";
import type { AddressInfo } from "node:net";
import Koa from "koa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientAddress, proxyOptions } from "./client-address.ts";

/** Koa's ctx.ip (the /api) and clientAddress (the socket handshake) must agree on every request. */
const servers: http.Server[] = [];
const urls = new Map<number, string>();
beforeAll(async () => {
  for (const trust of [0, 1, 2]) {
    const app = new Koa(proxyOptions(trust));
    app.use((k) => {
      k.body = { koa: k.ip, ours: clientAddress(k.req, trust), secure: k.secure };
    });
    const server = http.createServer(app.callback()).listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    servers.push(server);
    urls.set(trust, `http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  }
});
afterAll(() => {
  for (const s of servers) s.close();
});

const seen = async (trust: number, headers: Record<string, string>) =>
  (await (await fetch(urls.get(trust) as string, { headers })).json()) as {
    koa: string;
    ours: string;
    secure: boolean;
  };

describe("the client address", () => {
  it.each([
    [0, {}, "127.0.0.1"],
    [0, { "x-forwarded-for": "203.0.113.9" }, "127.0.0.1"],
    [1, {}, "127.0.0.1"],
    [1, { "x-forwarded-for": "203.0.113.9" }, "203.0.113.9"],
    [1, { "x-forwarded-for": "6.6.6.6, 203.0.113.9" }, "203.0.113.9"],
    [2, { "x-forwarded-for": "6.6.6.6, 203.0.113.9, 10.0.0.2" }, "203.0.113.9"],
    [2, { "x-forwarded-for": "203.0.113.9" }, "203.0.113.9"],
  ])("TRUST_PROXY=%i with %j is %s, in Koa and at the handshake alike", async (trust, headers, address) => {
    const got = await seen(trust, headers);
    expect(got.koa).toBe(address);
    expect(got.ours).toBe(address);
  });

  it("believes X-Forwarded-Proto only from a trusted proxy", async () => {
    expect((await seen(0, { "x-forwarded-proto": "https" })).secure).toBe(false);
    expect((await seen(1, { "x-forwarded-proto": "https" })).secure).toBe(true);
  });
});
