import type { AnyDb, AnyTrx } from "@dirabot/platform/db/types.ts";
import { sql } from "kysely";
import type { Db, MatchJson, NotificationRow, Trx } from "./db.ts";

export interface NewNotification {
  user_id: string;
  title: string;
  body: string;
  type: string;
  url: string;
  /** A property match's listing; absent for other types. */
  match?: MatchJson | null;
}

/** Rows an INSERT writes at most. */
const INSERT_ROWS = 1000;

/** The only SQL of the notifications service. */
export class NotificationsRepo {
  readonly db: Db;
  constructor(db: AnyDb) {
    this.db = db as Db;
  }

  async insert(trx: AnyTrx, values: NewNotification): Promise<NotificationRow> {
    const [row] = await this.insertMany(trx, [values]);
    return row as NotificationRow;
  }

  /**
   * Many notifications with one statement per thousand (a statement takes at most 65,535
   * parameters, six a row); answers the rows in the order given.
   */
  async insertMany(trx: AnyTrx, values: NewNotification[]): Promise<NotificationRow[]> {
    const rows: NotificationRow[] = [];
    for (let i = 0; i < values.length; i += INSERT_ROWS)
      rows.push(
        ...(await (trx as Trx)
          .insertInto("notifications")
          .values(
            values
              .slice(i, i + INSERT_ROWS)
              .map((v) => ({ ...v, match: v.match ? JSON.stringify(v.match) : null })),
          )
          .returningAll()
          .execute()),
      );
    return rows;
  }

  /** Everyone's, newest first, maybe of one type: the admins' list. */
  pageAll(limit: number, skip: number, type: string): Promise<NotificationRow[]> {
    let q = this.db.selectFrom("notifications").selectAll();
    if (type) q = q.where("type", "=", type);
    return q.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).offset(skip).execute();
  }

  async countAll(type: string): Promise<number> {
    let q = this.db.selectFrom("notifications").select(sql<string>`count(*)`.as("n"));
    if (type) q = q.where("type", "=", type);
    return Number((await q.executeTakeFirstOrThrow()).n);
  }

  /** The given ones (a digest's), oldest first. */
  byIds(trx: AnyTrx, ids: string[]): Promise<NotificationRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return (trx as Trx)
      .selectFrom("notifications")
      .selectAll()
      .where("id", "in", ids)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  }

  /** One page, newest first (id breaks ties so pages never overlap). */
  page(userId: string, limit: number, skip: number): Promise<NotificationRow[]> {
    return this.db
      .selectFrom("notifications")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .offset(skip)
      .execute();
  }

  async counts(userId: string): Promise<{ total: number; unread: number }> {
    const r = await this.db
      .selectFrom("notifications")
      .select([
        sql<string>`count(*)`.as("total"),
        sql<string>`count(*) FILTER (WHERE NOT is_read)`.as("unread"),
      ])
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    return { total: Number(r.total), unread: Number(r.unread) };
  }

  /** Marks one of the user's notifications read; undefined when the user has no such one. */
  markRead(userId: string, id: string): Promise<NotificationRow | undefined> {
    return this.db
      .updateTable("notifications")
      .set({ is_read: true })
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .returningAll()
      .executeTakeFirst();
  }

  async markAllRead(userId: string): Promise<number> {
    const r = await this.db
      .updateTable("notifications")
      .set({ is_read: true })
      .where("user_id", "=", userId)
      .where("is_read", "=", false)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  async forget(trx: AnyTrx, userId: string): Promise<void> {
    await (trx as Trx).deleteFrom("notifications").where("user_id", "=", userId).execute();
  }
}
