import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthApi } from "../../test/auth-harness.ts";
import { addressKey } from "../client-address.ts";
import { REGISTRATIONS_PER_ADDRESS } from "../limits.ts";

/**
 * Budgets keyed by where a caller is: an IPv6 subscriber holds a whole /64, so that is one
 * caller; and each registration is an argon2 hash, so an address gets a few a minute.
 */
describe("address budgets", { timeout: 180_000 }, () => {
  let api: Awaited<ReturnType<typeof startAuthApi>>;
  beforeAll(async () => {
    api = await startAuthApi({ TRUST_PROXY: "1" });
  }, 120_000);
  afterAll(() => api?.stop());

  const from = (address: string) => ({ "x-forwarded-for": address });
  let n = 0;
  const register = (headers: Record<string, string>) =>
    api.call("POST", "/api/auth/register", {
      body: { firstname: "Pace", lastname: "Cohen", email: api.email(`pace${n++}`), password: "secret1" },
      headers,
    });

  it("keys IPv6 by its /64 and IPv4 whole", () => {
    expect(addressKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressKey("::ffff:10.1.2.3")).toBe("10.1.2.3");
    expect(addressKey("10.1.2.3")).toBe("10.1.2.3");
  });

  it("lets an address register a few accounts a minute, mistakes in the form not counted", async () => {
    const bad = { firstname: "x", lastname: "y", email: "not-an-email", password: "secret1" };
    for (let i = 0; i < 10; i++)
      expect(
        (await api.call("POST", "/api/auth/register", { body: bad, headers: from("10.7.7.7") })).status,
      ).toBe(400);
    const got: number[] = [];
    for (let i = 0; i <= REGISTRATIONS_PER_ADDRESS; i++) got.push((await register(from("10.7.7.7"))).status);
    expect(got).toEqual([...Array(REGISTRATIONS_PER_ADDRESS).fill(201), 429]);
    expect((await register(from("10.7.7.8"))).status).toBe(201);
  });

  it("counts every address of one IPv6 /64 as one caller", async () => {
    const got: number[] = [];
    for (let i = 0; i <= REGISTRATIONS_PER_ADDRESS; i++)
      got.push((await register(from(`2001:db8:7:7::${(i + 1).toString(16)}`))).status);
    expect(got.at(-1)).toBe(429);
    expect((await register(from("2001:db8:7:8::1"))).status).toBe(201);
    // The anonymous /api budget too: 600 calls from 600 addresses of a /64 spend it.
    const calls = await Promise.all(
      Array.from({ length: 600 }, (_, i) =>
        api.call("GET", "/api/oauth/providers", { headers: from(`2001:db8:9:9:0:0:1:${i.toString(16)}`) }),
      ),
    );
    expect(calls.filter((r) => r.status === 200).length).toBeLessThanOrEqual(600);
    expect(
      (await api.call("GET", "/api/oauth/providers", { headers: from("2001:db8:9:9:abcd::1") })).status,
    ).toBe(429);
    expect((await api.call("GET", "/api/oauth/providers", { headers: from("2001:db8:9:a::1") })).status).toBe(
      200,
    );
  });
});
