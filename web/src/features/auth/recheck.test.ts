import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api.ts";
import { recheckSession } from "./recheck.ts";

/** A check answering each call from `answers` in turn (an Error is thrown), and the waits it made. */
function scripted(answers: unknown[]) {
  const waits: number[] = [];
  let calls = 0;
  const check = async () => {
    const answer = answers[calls++];
    if (answer instanceof Error) throw answer;
    return answer;
  };
  const wait = async (ms: number) => void waits.push(ms);
  return { check, wait, waits, calls: () => calls };
}

describe("recheckSession", () => {
  it("says the session lives when the server answers", async () => {
    const s = scripted([{ user: { _id: "u1" } }]);
    expect(await recheckSession(() => false, s.check, s.wait)).toBe("valid");
    expect(s.calls()).toBe(1);
  });

  it("takes only a 401 as the end, a ban's or a plain one", async () => {
    for (const ended of [new ApiError("Banned", 401, "banned", undefined, "spam"), new ApiError("No", 401)]) {
      const s = scripted([ended]);
      expect(await recheckSession(() => false, s.check, s.wait)).toBe("ended");
      expect(s.waits).toEqual([]);
    }
  });

  it("tries a network blip, a 5xx and a 429 again until an answer, signing nobody out", async () => {
    const s = scripted([
      new ApiError("offline", 0),
      new ApiError("down", 502),
      new ApiError("slow down", 429, undefined, 3000),
      new TypeError("failed to fetch"),
      { user: { _id: "u1" } },
    ]);
    expect(await recheckSession(() => false, s.check, s.wait)).toBe("valid");
    expect(s.calls()).toBe(5);
    expect(s.waits).toHaveLength(4);
    expect(s.waits[2]).toBe(3000); // the server's Retry-After
  });

  it("stops when nobody waits any more, before a call or after its answer", async () => {
    const none = scripted([]);
    expect(await recheckSession(() => true, none.check, none.wait)).toBe("stopped");
    expect(none.calls()).toBe(0);
    let gone = false;
    const late = scripted([new ApiError("offline", 0), { user: null }]);
    const wait = async (ms: number) => {
      await late.wait(ms);
      gone = true;
    };
    expect(await recheckSession(() => gone, late.check, wait)).toBe("stopped");
    expect(late.calls()).toBe(1);
  });
});
