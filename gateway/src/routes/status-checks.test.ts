import * as net from "node:net";
import { identity } from "@dirabot/identity";
import { launch, type Running } from "@dirabot/platform";
import { testSettings, uniqueId } from "@dirabot/platform/testing";
import { scraperFacebook } from "@dirabot/scraper-facebook";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gateway } from "../index.ts";
import { SURVEY_TTL_MS } from "./status-survey.ts";

/**
 * The public service checks (HEAD /yad2/scraper/status and friends), as a stranger floods them:
 * each costs the caller's budget, a flood is a few questions to the scraper, and only admins
 * learn why a source is down. The Facebook scraper runs in a process of its own (FACEBOOK_GROUPS
 * unset: disabled), so the calls it takes are counted by its own /metrics; the Yad2 scraper is
 * at an address where nothing answers.
 */
describe("the public service checks", () => {
  let facebook: Running;
  let running: Running;
  let base: string;
  let admin: string;
  let user: string;
  const closed = net.createServer();
  const operator = { email: `admin-checks-${uniqueId()}@example.com`, password: "admin-pass-1" };

  beforeAll(async () => {
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const nowhere = `http://127.0.0.1:${(closed.address() as net.AddressInfo).port}`;
    await new Promise<void>((r) => closed.close(() => r()));
    facebook = await launch(testSettings({ SERVICES: "scraper-facebook" }), [scraperFacebook]);
    running = await launch(
      testSettings({
        SERVICES: "identity,gateway",
        REDIS_URL: process.env.TEST_REDIS_URL,
        ADMIN_EMAIL: operator.email,
        ADMIN_PASSWORD: operator.password,
        SCRAPER_FACEBOOK_SERVICE_URL: `http://127.0.0.1:${facebook.internalPort}`,
        SCRAPER_YAD2_SERVICE_URL: nowhere,
      }),
      [identity],
      gateway({ limitPrefix: `test-${uniqueId()}:` }),
    );
    base = `http://127.0.0.1:${running.port}`;
    const post = async (path: string, body: unknown) =>
      (await (
        await fetch(`${base}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        })
      ).json()) as { token: string };
    admin = (await post("/api/auth/login", operator)).token;
    user = (
      await post("/api/auth/register", {
        firstname: "Dana",
        lastname: "Levi",
        email: `checks-${uniqueId()}@example.com`,
        password: "secret1",
      })
    ).token;
  }, 120_000);
  afterAll(async () => {
    await running?.stop();
    await facebook?.stop();
  });

  const head = (path: string, token?: string) =>
    fetch(`${base}${path}?t=${Date.now()}`, {
      method: "HEAD",
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  /** GetStatus calls the Facebook scraper has answered, from its own metrics. */
  const statusCalls = async () => {
    const text = await (await fetch(`http://127.0.0.1:${facebook.internalPort}/metrics`)).text();
    const line = /^dirabot_rpc_duration_seconds_count\{[^}]*method="GetStatus"[^}]*\} (\d+)$/m.exec(text);
    return Number(line?.[1] ?? 0);
  };

  it("tell anyone the state only, and an admin why", async () => {
    for (const who of [undefined, user]) {
      const fb = await head("/facebook/status", who);
      expect(fb.status).toBe(503);
      expect(fb.headers.get("x-status-reason")).toBe("disabled");
      const yad2 = await head("/yad2/scraper/status", who);
      expect(yad2.status).toBe(503);
      expect(yad2.headers.get("x-status-reason")).toBe("offline");
    }
    expect((await head("/facebook/status", admin)).headers.get("x-status-reason")).toBe(
      "FACEBOOK_GROUPS is unset",
    );
    expect((await head("/yad2/scraper/status", admin)).headers.get("x-status-reason")).toBe(
      "service unreachable",
    );
  });

  it("answer a flood from the held answer, and past the address's budget with 429", async () => {
    // The answer the test above was given has expired: the flood asks the scraper afresh.
    await new Promise((r) => setTimeout(r, SURVEY_TTL_MS + 100));
    const before = await statusCalls();
    const started = Date.now();
    const codes: number[] = [];
    for (let batch = 0; batch < 14; batch++)
      codes.push(
        ...(await Promise.all(Array.from({ length: 50 }, () => head("/facebook/status")))).map(
          (r) => r.status,
        ),
      );
    const seconds = (Date.now() - started) / 1000;
    const calls = (await statusCalls()) - before;
    // One question a held answer's lifetime (and the one in flight as it ends), not 700.
    expect(calls).toBeGreaterThanOrEqual(1);
    expect(calls).toBeLessThanOrEqual(Math.ceil((seconds * 1000) / SURVEY_TTL_MS) + 1);
    // The anonymous budget (600 a minute an address, a few spent above) ends the flood.
    expect(codes.filter((c) => c === 503).length).toBeLessThanOrEqual(600);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(100);
    expect(codes.every((c) => c === 503 || c === 429)).toBe(true);
    // A signed-in admin spends their own budget, not the address's.
    expect((await head("/facebook/status", admin)).status).toBe(503);
  });
});
