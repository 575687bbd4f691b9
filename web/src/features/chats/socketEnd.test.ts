import { describe, expect, it } from "vitest";
import { reconnectDelayMs, serverClosed, serverRefused } from "./socketEnd.ts";

describe("a socket the server ended", () => {
  it("is checked when the server closed it or refused it, not when the network dropped it", () => {
    expect(serverClosed("io server disconnect")).toBe(true);
    for (const reason of ["transport close", "transport error", "ping timeout", "io client disconnect"])
      expect(serverClosed(reason)).toBe(false);
    // socket.io stops after a refusal by the server's middleware; it retries a failure of its own.
    expect(serverRefused({ active: false })).toBe(true);
    expect(serverRefused({ active: true })).toBe(false);
  });

  it("connects again after 1 s doubling to 5 s, spread by half either way", () => {
    expect([1, 2, 3, 4, 9].map((n) => reconnectDelayMs(n, () => 0.5))).toEqual([
      1000, 2000, 4000, 5000, 5000,
    ]);
    expect(reconnectDelayMs(1, () => 0)).toBe(500);
    expect(reconnectDelayMs(1, () => 0.999)).toBe(1499);
  });
});
