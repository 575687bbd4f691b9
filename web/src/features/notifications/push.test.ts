import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { activeRegistration, IOS_PAUSE_MS, registerWorker } from "./push.ts";

// The worker's registration against a stand-in navigator (ready within 10 s, 15 s right
// after registering; 500 ms before registering on iOS; §8 the two registration texts).

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

function browser(opts: {
  userAgent?: string;
  register?: () => Promise<unknown>;
  existing?: boolean;
  ready?: Promise<unknown>;
}) {
  const calls: string[] = [];
  const registration = { scope: "/" };
  const serviceWorker = {
    register: vi.fn(async (url: string, options: { scope: string }) => {
      calls.push(`register ${url} ${options.scope}`);
      return opts.register ? opts.register() : registration;
    }),
    getRegistration: vi.fn(async () => (opts.existing ? registration : undefined)),
    ready: opts.ready ?? new Promise(() => undefined),
  };
  vi.stubGlobal("navigator", {
    userAgent: opts.userAgent ?? "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0",
    platform: "Linux x86_64",
    maxTouchPoints: 0,
    serviceWorker,
  });
  vi.stubGlobal("window", { matchMedia: () => ({ matches: false }), isSecureContext: true });
  return { calls, serviceWorker, registration };
}

describe("registering the service worker", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("registers /service-worker.js for the whole site and waits for it", async () => {
    const b = browser({ ready: Promise.resolve({ scope: "/" }) });
    await expect(registerWorker()).resolves.toEqual({ scope: "/" });
    expect(b.calls).toEqual(["register /service-worker.js /"]);
  });

  it("says 'Service worker registration failed: …' with the browser's reason", async () => {
    browser({ register: () => Promise.reject(new Error("The script has an unsupported MIME type")) });
    await expect(registerWorker()).rejects.toThrow(
      "Service worker registration failed: The script has an unsupported MIME type",
    );
  });

  it("gives a new registration 15 s to become ready, then 'Service worker registration timeout'", async () => {
    browser({});
    const result = registerWorker().catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(14_999);
    let settled = false;
    void result.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBe("Service worker registration timeout");
  });

  it("gives an existing registration 10 s", async () => {
    const b = browser({ existing: true });
    const result = activeRegistration().catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await result).toBe("Service worker registration timeout");
    expect(b.serviceWorker.register).not.toHaveBeenCalled();
  });

  it("pauses 500 ms on iOS before registering", async () => {
    const b = browser({ userAgent: IPHONE, ready: Promise.resolve({ scope: "/" }) });
    const done = registerWorker();
    await vi.advanceTimersByTimeAsync(IOS_PAUSE_MS - 1);
    expect(b.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(b.calls).toEqual(["register /service-worker.js /"]);
  });

  it("says 'not supported' where there is no service worker", async () => {
    vi.stubGlobal("navigator", { userAgent: "x" });
    await expect(registerWorker()).rejects.toThrow("Push notifications are not supported by this browser");
  });
});
