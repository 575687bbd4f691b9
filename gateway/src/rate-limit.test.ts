import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { createLogger } from "@dirabot/platform";
import { Redis } from "ioredis";
import Koa from "koa";
import { afterAll, describe, expect, it } from "vitest";
import { errorShape } from "./errors.ts";
import { createLimiter, rateLimit } from "./rate-limit.ts";

const redis = process.env.TEST_REDIS_URL ? new Redis(process.env.TEST_REDIS_URL) : undefined;
afterAll(() => redis?.disconnect());

describe("rate limits", () => {
  it(`answer 429 with the error shape and Retry-After past the limit (${redis ? "Redis" : "memory"})`, async () => {
    const app = new Koa();
    app.use(errorShape(createLogger("silent")));
    app.use(rateLimit(createLimiter(redis, `test-${Date.now()}`, 3, 60), () => "one-client"));
    app.use((k) => {
      k.body = { ok: true };
    });
    const server = http.createServer(app.callback()).listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(url)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await fetch(url);
    expect(await limited.json()).toEqual({
      message: "Too many requests, please try again later.",
      code: "rate_limited",
    });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    server.close();
  });
});
