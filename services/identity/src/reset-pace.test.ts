import { describe, expect, it } from "vitest";
import {
  type AccountTries,
  current,
  DAILY_CEILING,
  FIRST_WAIT_S,
  FREE_WRONG,
  type PairTries,
  secondsToWait,
} from "./reset-pace.ts";

/** Wrong guesses made as fast as allowed from `addresses` over `hours`: when each was made (s). */
function guessAll(addresses: number, hours: number): number[] {
  let account: AccountTries | undefined;
  const pairs = new Map<number, PairTries | undefined>();
  const made: number[] = [];
  for (let s = 0; s < hours * 3600; s++) {
    for (let a = 0; a < addresses; a++) {
      const now = new Date(s * 1000);
      for (;;) {
        const c = current(now, account, pairs.get(a));
        if (secondsToWait(now, c.account, c.pair) > 0) break;
        account = { wrong: c.account.wrong + 1, windowFrom: c.account.windowFrom };
        pairs.set(a, { wrong: (c.pair?.wrong ?? 0) + 1, lastWrongAt: now });
        made.push(s);
      }
    }
  }
  return made;
}

describe("the pace of reset guesses", () => {
  it("lets an address guess freely, then doubles its wait", () => {
    const made = guessAll(1, 1);
    expect(made.slice(0, FREE_WRONG)).toEqual(Array(FREE_WRONG).fill(0));
    const gaps = made.slice(FREE_WRONG - 1).map((t, i, all) => (all[i + 1] ?? t) - t);
    expect(gaps.slice(0, 4)).toEqual([FIRST_WAIT_S, FIRST_WAIT_S * 2, FIRST_WAIT_S * 4, FIRST_WAIT_S * 8]);
  });

  it("keeps one address under the account's daily ceiling, so it cannot end the owner's codes", () => {
    expect(guessAll(1, 24).length).toBeLessThan(DAILY_CEILING);
  });

  it("stops all addresses together at the ceiling for the rest of the day", () => {
    const made = guessAll(10, 25);
    expect(made.filter((s) => s < 86_400)).toHaveLength(DAILY_CEILING);
    expect(made.find((s) => s >= 86_400)).toBe(86_400); // the next day starts afresh
  });
});
