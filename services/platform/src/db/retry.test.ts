import { describe, expect, it } from "vitest";
import { isRetryable, retryingTransaction } from "./retry.ts";

/** A stand-in for Kysely's transaction builder: the rule under test is the retry, not SQL. */
const fakeDb = (failures: unknown[]) => {
  let calls = 0;
  const db = {
    transaction: () => ({
      execute: async <T>(fn: (trx: unknown) => Promise<T>) => {
        const failure = failures[calls++];
        if (failure) throw failure;
        return fn({});
      },
    }),
  };
  return { db: db as never, calls: () => calls };
};

describe("retryingTransaction", () => {
  it("runs again after a deadlock and a serialization failure", async () => {
    const { db, calls } = fakeDb([{ code: "40P01" }, { code: "40001" }]);
    expect(await retryingTransaction(db, async () => "done")).toBe("done");
    expect(calls()).toBe(3);
  });

  it("gives up after the last attempt and passes other errors through at once", async () => {
    const deadlock = { code: "40P01" };
    const stuck = fakeDb([deadlock, deadlock, deadlock]);
    await expect(retryingTransaction(stuck.db, async () => 1, 3)).rejects.toBe(deadlock);
    expect(stuck.calls()).toBe(3);
    const unique = fakeDb([{ code: "23505" }]);
    await expect(retryingTransaction(unique.db, async () => 1)).rejects.toEqual({ code: "23505" });
    expect(unique.calls()).toBe(1);
    expect(isRetryable(new Error("x"))).toBe(false);
  });
});
