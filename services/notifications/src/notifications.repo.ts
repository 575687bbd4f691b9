import type { AnyDb, AnyTrx } from "@dirabot/platform/db/types.ts";
import { sql } from "kysely";
import type { Db, NotificationRow, Trx } from "./db.ts";

export interface NewNotification {
  user_id: string;
  title: string;
  body: string;
  type: string;
  url: string;
}

/** The only SQL of the notifications service. */
export class NotificationsRepo {
  readonly db: Db;
  constructor(db: AnyDb) {
    this.db = db as Db;
  }

  async insert(trx: AnyTrx, values: NewNotification): Promise<NotificationRow> {
    return (trx as Trx).insertInto("notifications").values(values).returningAll().executeTakeFirstOrThrow();
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
