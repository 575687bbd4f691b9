import type { AnyDb } from "@dirabot/platform";
import { type Kysely, sql } from "kysely";

/**
 * The lease table every scraper keeps in its own schema (services never share tables), made by
 * the service's own migration: `unit` text primary key, `source` text, `next_run_at` timestamptz
 * (default now()), `owner` text and `lease_expires_at` timestamptz, both null while nobody holds it.
 */
export interface LeaseTables {
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
 * Units of work shared by every replica of a service: a unit is run by whoever claims it once it
 * is due, and its lease keeps the others off until it is finished, released or expires (a replica
 * that died). Finishing moves the unit's next run, so a unit is done once per interval whatever
 * the number of replicas. All on the database's clock, so replicas' clocks need not agree.
 */
export class Leases {
  readonly db: Kysely<LeaseTables>;
  constructor(db: AnyDb) {
    this.db = db as Kysely<LeaseTables>;
  }

  /**
   * True when `owner` now holds the unit: it was due and nobody held it (or the lease expired, or
   * it was this owner's already). One conditional upsert, so two replicas never both win.
   */
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
              eb("work_units.owner", "=", owner),
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

  /** Handed back unfinished (stopping, or read for now): the unit stays due, another takes it at once. */
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
