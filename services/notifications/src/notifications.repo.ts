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

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * The rows as one JSON text PostgreSQL accepts. JSON.stringify writes a lone UTF-16 surrogate
 * (half of an emoji, cut) as a `\ud83d` escape, which PostgreSQL refuses; Node's own encoding, as
 * with any other parameter, makes it U+FFFD. Such an escape is rare: looked for, not prevented.
 */
export function rowsJson(values: NewNotification[]): string {
  const json = JSON.stringify(values);
  if (!/\\u[dD][89a-fA-F]/.test(json)) return json;
  return JSON.stringify(values, (_key, value) =>
    typeof value === "string" ? value.replace(LONE_SURROGATE, "\ufffd") : value,
  );
}

/** The only SQL of the notifications service. */
export class NotificationsRepo {
  readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async insert(trx: Trx, values: NewNotification): Promise<NotificationRow> {
    const [row] = await this.insertMany(trx, [values]);
    return row as NotificationRow;
  }

  /**
   * Many notifications with one statement and one parameter, the rows as one JSON array (a
   * listing's matches were thousands of parameters for PostgreSQL to parse and Node to bind, and an
   * array a column had Node escape every text for PostgreSQL's array syntax); answers
   * the rows in the order given. Only the generated columns come back: the rest is what was
   * given, and reading a match's JSON back cost more than writing it.
   */
  async insertMany(trx: Trx, values: NewNotification[]): Promise<NotificationRow[]> {
    if (values.length === 0) return [];
    const written = await trx
      .insertInto("notifications")
      .columns(["user_id", "title", "body", "type", "url", "match"])
      .expression(
        // A JSON null (no match) is SQL's NULL here.
        sql`SELECT user_id, title, body, type, url, match FROM json_to_recordset(${rowsJson(values)}::json)
          AS x(user_id text, title text, body text, type text, url text, match jsonb)`,
      )
      // INSERT … SELECT writes the rows in the order the function yields them (the array's), and
      // RETURNING answers each as it is written.
      .returning(["id", "created_at", "is_read"])
      .execute();
    return written.map((w, i) => {
      const v = values[i] as NewNotification;
      return {
        ...w,
        user_id: v.user_id,
        title: v.title,
        body: v.body,
        type: v.type,
        url: v.url,
        match: v.match ?? null,
      };
    });
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
  byIds(trx: Trx, ids: string[]): Promise<NotificationRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return trx
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

  async forget(trx: Trx, userId: string): Promise<void> {
    await trx.deleteFrom("notifications").where("user_id", "=", userId).execute();
  }
}
