import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api.ts";
import { isVerdict, MAX_RETRY_AFTER_MS, retryDelayMs } from "./sessionRule.ts";

const failed = (status: number, retryAfterMs?: number) =>
  new ApiError("An error occurred", status, undefined, retryAfterMs);

describe("what ends a session at start-up", () => {
  it("a 401 from either call is the server's verdict", () => {
    expect(isVerdict("validate", failed(401))).toBe(true);
    expect(isVerdict("me", failed(401))).toBe(true);
  });

  it("a 404 is a missing profile only from /api/users/me", () => {
    expect(isVerdict("me", failed(404))).toBe(true);
    // A missing validate route is a deployment's problem, not the token's.
    expect(isVerdict("validate", failed(404))).toBe(false);
  });

  it("overload, server errors and a gateway between restarts are not verdicts", () => {
    for (const status of [408, 429, 500, 502, 503, 504]) {
      expect(isVerdict("validate", failed(status))).toBe(false);
      expect(isVerdict("me", failed(status))).toBe(false);
    }
  });

  it("nor is a failed network, a time-out, an aborted request or a proxy's HTML page", () => {
    const refused = failed(0);
    const timedOut = new DOMException("signal timed out", "TimeoutError");
    const aborted = new DOMException("The user aborted a request.", "AbortError");
    const notJson = new ApiError("Invalid response format: expected JSON", 200);
    for (const error of [refused, timedOut, aborted, notJson, new TypeError("Failed to fetch")]) {
      expect(isVerdict("validate", error)).toBe(false);
      expect(isVerdict("me", error)).toBe(false);
    }
  });
});

describe("the wait before the check is tried again", () => {
  const middle = () => 0.5;

  it("starts at half a second and doubles up to ten", () => {
    const waits = [0, 1, 2, 3, 4, 5, 6, 12, 40].map((failures) =>
      retryDelayMs(failures, failed(503), middle),
    );
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000, 10_000]);
  });

  it("is spread by a fifth either way", () => {
    expect(retryDelayMs(0, failed(0), () => 0)).toBe(400);
    expect(retryDelayMs(0, failed(0), () => 0.999_999)).toBe(600);
    expect(retryDelayMs(9, failed(0), () => 0)).toBe(8000);
    expect(retryDelayMs(9, failed(0), () => 0.999_999)).toBe(12_000);
  });

  it("honours Retry-After on 429 and 503, within a minute", () => {
    expect(retryDelayMs(0, failed(429, 7000), middle)).toBe(7000);
    expect(retryDelayMs(5, failed(429, 2000), middle)).toBe(2000);
    expect(retryDelayMs(0, failed(503, 3000), middle)).toBe(3000);
    expect(retryDelayMs(0, failed(429, 3_600_000), middle)).toBe(MAX_RETRY_AFTER_MS);
    // Elsewhere, or absent, the back-off applies.
    expect(retryDelayMs(0, failed(500, 7000), middle)).toBe(500);
    expect(retryDelayMs(1, failed(429), middle)).toBe(1000);
  });
});
