import { sql } from "kysely";
import type { Db, Trx } from "./db.ts";
import type { AccountTries, PairTries } from "./reset-pace.ts";

/** Judges a guess on the counts as stored: the counts as they stand, and the seconds to wait. */
export type Judge = (
  now: Date,
  account: AccountTries,
  pair: PairTries | undefined,
) => { wait: number; account: AccountTries; pair: PairTries | undefined };

/** The only SQL of wrong reset guesses: per account (its day) and per (account, address). */
export class ResetTriesRepo {
  readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /**
   * Counts one guess as wrong, if `judge` lets it be made now, before its code is compared: the
   * account's row is locked, so guesses sent at once are judged one after another and none slips
   * past a count the others have not written yet. Answers the seconds to wait (0: taken).
   */
  async take(account: string, address: string, judge: Judge): Promise<number> {
    await this.#prune();
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("reset_tries")
        .values({ account, window_from: sql`now()`, wrong: 0 })
        .onConflict((oc) => oc.column("account").doNothing())
        .execute();
      const row = await trx
        .selectFrom("reset_tries")
        .select(["wrong", "window_from", sql<Date>`now()`.as("now")])
        .where("account", "=", account)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const pair = await trx
        .selectFrom("reset_pair_tries")
        .select(["wrong", "last_wrong_at"])
        .where("account", "=", account)
        .where("address", "=", address)
        .executeTakeFirst();
      const now = new Date(row.now);
      const v = judge(
        now,
        { wrong: row.wrong, windowFrom: new Date(row.window_from) },
        pair && { wrong: pair.wrong, lastWrongAt: new Date(pair.last_wrong_at) },
      );
      if (v.wait > 0) return v.wait;
      const restarted = v.account.windowFrom.getTime() !== new Date(row.window_from).getTime();
      await trx
        .updateTable("reset_tries")
        .set({
          wrong: v.account.wrong + 1,
          window_from: v.account.windowFrom,
          ...(restarted ? { ceiling_at: null } : {}),
        })
        .where("account", "=", account)
        .execute();
      const wrong = (v.pair?.wrong ?? 0) + 1;
      await trx
        .insertInto("reset_pair_tries")
        .values({ account, address, wrong, last_wrong_at: now })
        .onConflict((oc) => oc.columns(["account", "address"]).doUpdateSet({ wrong, last_wrong_at: now }))
        .execute();
      return 0;
    });
  }

  /** A guess taken that proved right is not held against anyone. */
  async giveBack(account: string, address: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("reset_tries")
        .set({ wrong: sql`greatest(wrong - 1, 0)` })
        .where("account", "=", account)
        .execute();
      await trx
        .updateTable("reset_pair_tries")
        .set({ wrong: sql`greatest(wrong - 1, 0)` })
        .where("account", "=", account)
        .where("address", "=", address)
        .execute();
    });
  }

  /** The account's day as stored (undefined: no wrong guess yet). */
  async counts(account: string): Promise<AccountTries | undefined> {
    const row = await this.db
      .selectFrom("reset_tries")
      .select(["wrong", "window_from"])
      .where("account", "=", account)
      .executeTakeFirst();
    return row && { wrong: row.wrong, windowFrom: new Date(row.window_from) };
  }

  /** Marks the day's ceiling as reached: true only the first time in the account's day. */
  async reachCeiling(trx: Trx, account: string, ceiling: number): Promise<boolean> {
    const r = await trx
      .updateTable("reset_tries")
      .set({ ceiling_at: sql`now()` })
      .where("account", "=", account)
      .where("ceiling_at", "is", null)
      .where("wrong", ">=", ceiling)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Counts a day old are over (the rules would start them afresh anyway). */
  async #prune(): Promise<void> {
    await this.db
      .deleteFrom("reset_tries")
      .where("window_from", "<", sql<Date>`now() - interval '1 day'`)
      .execute();
    await this.db
      .deleteFrom("reset_pair_tries")
      .where("last_wrong_at", "<", sql<Date>`now() - interval '1 day'`)
      .execute();
  }
}
