import { io } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthApi } from "../../test/auth-harness.ts";
import { LOGIN_FAILURES_PER_ADDRESS, LOGIN_FAILURES_PER_PAIR } from "../limits.ts";

/** The gateway's budgets as people meet them: real gateway and identity, limits in Redis or memory. */
const xff = (value: string) => ({ "x-forwarded-for": value });
/** A socket handshake from `headers`' address: "connected", or the server's refusal. */
async function handshake(base: string, headers: Record<string, string>, token?: string) {
  const socket = io(base, {
    auth: { token },
    extraHeaders: headers,
    transports: ["websocket"],
    reconnection: false,
  });
  try {
    return await new Promise<string>((resolve) => {
      socket.once("connect", () => resolve("connected"));
      socket.once("connect_error", (err) => resolve(err.message));
    });
  } finally {
    socket.disconnect();
  }
}
const statuses = async (n: number, attempt: (i: number) => Promise<{ status: number }>) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await attempt(i)).status);
  return out;
};

// Each failed login is an argon2 verification: minutes on a loaded CI machine, not seconds.
const slow = { timeout: 180_000 };

describe("without TRUST_PROXY", slow, () => {
  let api: Awaited<ReturnType<typeof startAuthApi>>;
  beforeAll(async () => {
    api = await startAuthApi();
  });
  afterAll(() => api?.stop());

  it("ignores X-Forwarded-For: a rotated header still meets the limit of the real address", async () => {
    const owner = await api.register("Rotated");
    const got = await statuses(65, (i) =>
      api.login({ email: owner.email, password: "wrong-pass" }, xff(`203.0.113.${i}`)),
    );
    expect(got.slice(0, LOGIN_FAILURES_PER_PAIR).every((s) => s === 401)).toBe(true);
    expect(got.slice(LOGIN_FAILURES_PER_PAIR).every((s) => s === 429)).toBe(true);
    const limited = await api.login({ email: owner.email, password: "wrong-pass" }, xff("198.51.100.1"));
    expect(limited.body).toEqual({
      message: "Too many requests, please try again later.",
      code: "rate_limited",
    });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("with TRUST_PROXY=1", slow, () => {
  let api: Awaited<ReturnType<typeof startAuthApi>>;
  beforeAll(async () => {
    api = await startAuthApi({ TRUST_PROXY: "1" });
  });
  afterAll(() => api?.stop());

  it("takes the last hop of X-Forwarded-For as the address, not what the client wrote before it", async () => {
    const owner = await api.register("Hops");
    const wrong = { email: owner.email, password: "wrong-pass" };
    // The client rotates its own entry; our proxy's entry (the last) stays 10.0.0.7.
    const got = await statuses(LOGIN_FAILURES_PER_PAIR + 1, (i) =>
      api.login(wrong, xff(`1.2.3.${i}, 10.0.0.7`)),
    );
    expect(got.at(-1)).toBe(429);
    // 10.0.0.7 written by the client, before another last hop: a different address.
    expect((await api.login(owner, xff("10.0.0.7, 10.0.0.8"))).status).toBe(200);
  });

  it("lets the owner in from their address while an attacker elsewhere is refused", async () => {
    const owner = await api.register("Owner");
    const attacker = await statuses(LOGIN_FAILURES_PER_PAIR + 5, () =>
      api.login({ email: owner.email, password: "guess-123" }, xff("10.1.1.1")),
    );
    expect(attacker.slice(0, LOGIN_FAILURES_PER_PAIR).every((s) => s === 401)).toBe(true);
    expect(attacker.slice(LOGIN_FAILURES_PER_PAIR).every((s) => s === 429)).toBe(true);
    // Even the right password is refused to the attacker's address: a 200 would confirm a guess.
    expect((await api.login(owner, xff("10.1.1.1"))).status).toBe(429);
    const mine = await api.login(owner, xff("10.2.2.2"));
    expect(mine.status).toBe(200);
    expect(mine.body.token).toEqual(expect.any(String));
    // A typo of the owner's own is not held against them once they got in.
    expect((await api.login({ ...owner, password: "typo-123" }, xff("10.2.2.2"))).status).toBe(401);
    expect((await api.login(owner, xff("10.2.2.2"))).status).toBe(200);
  });

  it("caps failed logins per address across accounts, counting a parallel burst in full", async () => {
    // Sent at once: every attempt takes its point before its password is checked.
    const got = (
      await Promise.all(
        Array.from({ length: LOGIN_FAILURES_PER_ADDRESS + 10 }, (_, i) =>
          api.login({ email: api.email(`nobody${i}`), password: "guess-123" }, xff("10.3.3.3")),
        ),
      )
    ).map((r) => r.status);
    expect(got.filter((s) => s === 401)).toHaveLength(LOGIN_FAILURES_PER_ADDRESS);
    expect(got.filter((s) => s === 429)).toHaveLength(10);
    const someone = await api.register("Elsewhere");
    expect((await api.login(someone, xff("10.3.3.4"))).status).toBe(200);
  });

  it("gives each signed-in account its own budget on one shared address", async () => {
    const address = xff("10.4.4.4");
    const [a, b] = [await api.register("Shared1", address), await api.register("Shared2", address)];
    const burst = async (token: string | undefined, n: number) =>
      (
        await Promise.all(
          Array.from({ length: n }, () =>
            api.call("GET", "/api/oauth/providers", { token, headers: address }),
          ),
        )
      ).map((r) => r.status);
    // 600 a minute each (the registrations above were anonymous calls, the address's budget).
    expect((await burst(a.token, 600)).every((s) => s === 200)).toBe(true);
    expect(await burst(a.token, 1)).toEqual([429]);
    expect(await burst(b.token, 1)).toEqual([200]);
    expect(await burst(undefined, 1)).toEqual([200]);
    // A socket handshake spends the same budgets: refused for a, connected for b.
    expect(await handshake(api.base, address, a.token)).toBe("Too many requests, please try again later.");
    expect(await handshake(api.base, address, b.token)).toBe("connected");
  });

  it("counts an anonymous socket handshake against its address, read by the same rule", async () => {
    const spent = xff("client-made-up, 10.5.5.5");
    const calls = await Promise.all(
      Array.from({ length: 600 }, () => api.call("GET", "/api/oauth/providers", { headers: spent })),
    );
    expect(calls.every((r) => r.status === 200)).toBe(true);
    expect(await handshake(api.base, xff("10.5.5.5"))).toBe("Too many requests, please try again later.");
    expect(await handshake(api.base, xff("10.5.5.5, 10.5.5.6"))).toBe("unauthenticated");
  });
});
