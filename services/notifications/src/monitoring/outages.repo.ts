import { type Selectable, sql } from "kysely";
import type { Db, NotificationsDb, Trx } from "../db.ts";

export type OutageRow = Selectable<NotificationsDb["source_outages"]>;

/** The sources' outages: the only SQL about them. */
export class OutagesRepo {
  readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** The source's open outage, opened now when there is none (one per source across replicas). */
  async open(source: string, reason: string, now: Date): Promise<OutageRow> {
    await this.db
      .insertInto("source_outages")
      .values({ source, reason: reason.slice(0, 300), started_at: now })
      .onConflict((oc) => oc.column("source").where("recovered_at", "is", null).doNothing())
      .execute();
    return (await this.current(source)) as OutageRow;
  }

  current(source: string): Promise<OutageRow | undefined> {
    return this.db
      .selectFrom("source_outages")
      .selectAll()
      .where("source", "=", source)
      .where("recovered_at", "is", null)
      .executeTakeFirst();
  }

  /** Claims the offline alert of this outage: true for exactly one caller. */
  async claimAlert(trx: Trx, id: string, now: Date): Promise<boolean> {
    const r = await trx
      .updateTable("source_outages")
      .set({ alerted_at: now })
      .where("id", "=", id)
      .where("alerted_at", "is", null)
      .where("recovered_at", "is", null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /**
   * Ends the outage; answers it when this caller ended it (exactly one does), with whether its
   * offline alert went out (then the recovery alert is this caller's to queue).
   */
  async recover(trx: Trx, id: string, now: Date): Promise<OutageRow | undefined> {
    return trx
      .updateTable("source_outages")
      .set({
        recovered_at: now,
        recovery_alerted_at: sql<Date | null>`case when alerted_at is not null then ${now}::timestamptz end`,
      })
      .where("id", "=", id)
      .where("recovered_at", "is", null)
      .returningAll()
      .executeTakeFirst();
  }

  /** The outages of the last 30 days are plenty to look back on. */
  async prune(now: Date): Promise<void> {
    await this.db
      .deleteFrom("source_outages")
      .where("recovered_at", "<", new Date(now.getTime() - 30 * 86_400_000))
      .execute();
  }
}
