import type { AnyDb } from "@dirabot/platform/db/types.ts";
import { type Kysely, sql } from "kysely";

interface LeaseDb {
  work_units: {
    unit: string;
    source: string;
    next_run_at: Date;
    owner: string | null;
    lease_expires_at: Date | null;
  };
}

const inMs = (ms: number) => sql<Date>`now() + ${Math.round(ms)} * interval '1 millisecond'`;

/**
 * Work units (one city's crawl, the cleaner's batch) shared by every replica: a unit is run by
 * whoever claims it once it is due, and its lease keeps the others off until it is done or the
 * lease expires (a replica that died). Finishing moves the unit's next run, so a unit is fetched
 * once per interval whatever the number of replicas.
 */
export class LeasesRepo {
  readonly db: Kysely<LeaseDb>;
  constructor(db: AnyDb) {
    this.db = db as Kysely<LeaseDb>;
  }

  /** True when this owner now holds the unit (it was due and nobody held it). */
  async claim(unit: string, source: string, owner: string, ttlMs: number): Promise<boolean> {
    const row = await this.db
      .insertInto("work_units")
      .values({ unit, source, owner, lease_expires_at: inMs(ttlMs), next_run_at: sql`now()` })
      .onConflict((oc) =>
        oc
          .column("unit")
          .doUpdateSet({ owner, lease_expires_at: inMs(ttlMs) })
          .where("work_units.next_run_at", "<=", sql<Date>`now()`)
          .where((eb) =>
            eb.or([
              eb("work_units.lease_expires_at", "is", null),
              eb("work_units.lease_expires_at", "<", sql<Date>`now()`),
            ]),
          ),
      )
      .returning("unit")
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Extends a held lease; false when it was lost (expired and taken by another replica). */
  async renew(unit: string, owner: string, ttlMs: number): Promise<boolean> {
    const r = await this.db
      .updateTable("work_units")
      .set({ lease_expires_at: inMs(ttlMs) })
      .where("unit", "=", unit)
      .where("owner", "=", owner)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Done: the lease ends and the unit is due again in `nextInMs`. */
  async finish(unit: string, owner: string, nextInMs: number): Promise<void> {
    await this.db
      .updateTable("work_units")
      .set({ owner: null, lease_expires_at: null, next_run_at: inMs(nextInMs) })
      .where("unit", "=", unit)
      .where("owner", "=", owner)
      .execute();
  }

  /** Abandoned (stopping): the unit stays due, so another replica takes it at once. */
  async release(unit: string, owner: string): Promise<void> {
    await this.db
      .updateTable("work_units")
      .set({ owner: null, lease_expires_at: null })
      .where("unit", "=", unit)
      .where("owner", "=", owner)
      .execute();
  }

  /**
   * When the earliest of these units can next be claimed (a unit never run is due now; one held
   * by another replica not before its lease ends).
   */
  async nextDue(units: string[]): Promise<Date | undefined> {
    if (units.length === 0) return undefined;
    const rows = await this.db
      .selectFrom("work_units")
      .select(["unit", sql<Date>`greatest(next_run_at, coalesce(lease_expires_at, next_run_at))`.as("due")])
      .where("unit", "in", units)
      .execute();
    if (rows.length < units.length) return new Date();
    return rows.reduce<Date | undefined>((min, r) => (!min || r.due < min ? r.due : min), undefined);
  }

  /** The next scheduled run of a source (for its status). */
  async nextRun(source: string): Promise<Date | undefined> {
    const r = await this.db
      .selectFrom("work_units")
      .select((eb) => eb.fn.min("next_run_at").as("next"))
      .where("source", "=", source)
      .executeTakeFirst();
    return r?.next ?? undefined;
  }
}
