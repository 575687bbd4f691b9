import type { Locale } from "@dirabot/platform";
import type { AnyDb } from "@dirabot/platform/db/types.ts";
import { type Selectable, sql } from "kysely";
import type { Users } from "./db.generated.ts";
import type { Db, Trx } from "./db.ts";

/** A row of `identity.users`; quiet hours are "HH:mm" or both null (0003_notify). */
export type UserRow = Selectable<Users>;
type NotifyColumn = "notify_telegram_matches" | "quiet_from" | "quiet_to";

export type UserPatch = Partial<
  Pick<
    UserRow,
    "firstname" | "lastname" | "avatar" | "roles" | "is_banned" | "banned_reason" | "locale" | NotifyColumn
  >
>;

/** The only SQL of the identity service's users and sessions. */
export class UsersRepo {
  readonly db: Db;
  constructor(db: AnyDb) {
    this.db = db as Db;
  }

  byId(id: string, q: Db | Trx = this.db): Promise<UserRow | undefined> {
    return q.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  }

  byIds(ids: string[]): Promise<UserRow[]> {
    return ids.length === 0
      ? Promise.resolve([])
      : this.db.selectFrom("users").selectAll().where("id", "in", ids).execute();
  }

  byEmail(email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom("users")
      .selectAll()
      .where(sql`lower(email)`, "=", email.toLowerCase())
      .executeTakeFirst();
  }

  async insert(
    trx: Trx,
    row: Omit<
      UserRow,
      "created_at" | "updated_at" | "telegram_chat_id" | "telegram_username" | "locale" | NotifyColumn
    > & { locale: Locale },
  ): Promise<UserRow | undefined> {
    return trx
      .insertInto("users")
      .values(row)
      .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  update(trx: Trx, id: string, patch: UserPatch): Promise<UserRow | undefined> {
    return trx
      .updateTable("users")
      .set({ ...patch, updated_at: sql`now()` })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
  }

  async setPassword(trx: Trx, id: string, hash: string): Promise<void> {
    await trx
      .updateTable("users")
      .set({ password_hash: hash, updated_at: sql`now()` })
      .where("id", "=", id)
      .execute();
  }

  /**
   * The first provider sign-in of an account opened with a password: the password goes and the
   * provider is recorded. Undefined when the account was claimed already (a concurrent sign-in).
   */
  claim(trx: Trx, id: string, provider: string): Promise<UserRow | undefined> {
    return trx
      .updateTable("users")
      .set({ password_hash: null, oauth_provider: provider, updated_at: sql`now()` })
      .where("id", "=", id)
      .where("oauth_provider", "=", "none")
      .returningAll()
      .executeTakeFirst();
  }

  async remove(trx: Trx, id: string): Promise<boolean> {
    const r = await trx.deleteFrom("users").where("id", "=", id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  list(search: string): Promise<UserRow[]> {
    let q = this.db.selectFrom("users").selectAll();
    if (search.trim()) {
      const like = `%${search
        .trim()
        .toLowerCase()
        .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where((eb) =>
        eb.or([
          eb(sql`lower(firstname)`, "like", like),
          eb(sql`lower(lastname)`, "like", like),
          eb(sql`lower(firstname || ' ' || lastname)`, "like", like),
          eb(sql`lower(email)`, "like", like),
        ]),
      );
    }
    return q.orderBy("firstname").orderBy("lastname").limit(1000).execute();
  }

  /** Admins who are not banned (roles is a text array). */
  admins(): Promise<UserRow[]> {
    return this.db
      .selectFrom("users")
      .selectAll()
      .where(sql<boolean>`'admin' = any(roles)`)
      .where("is_banned", "=", false)
      .orderBy("created_at")
      .limit(1000)
      .execute();
  }

  async counts(): Promise<{ count: number; banned: number; lastDay: number }> {
    const r = await this.db
      .selectFrom("users")
      .select([
        sql<number>`count(*)::int`.as("count"),
        sql<number>`count(*) filter (where is_banned)::int`.as("banned"),
        sql<number>`count(*) filter (where created_at > now() - interval '1 day')::int`.as("lastDay"),
      ])
      .executeTakeFirstOrThrow();
    return r;
  }

  async openSession(id: string, userId: string, expiresAt: Date, userAgent = ""): Promise<void> {
    await this.db
      .insertInto("sessions")
      .values({ id, user_id: userId, expires_at: expiresAt, user_agent: userAgent })
      .execute();
  }

  liveSession(
    id: string,
  ): Promise<{ user_id: string; last_seen_at: Date | null; created_at: Date } | undefined> {
    return this.db
      .selectFrom("sessions")
      .select(["user_id", "last_seen_at", "created_at"])
      .where("id", "=", id)
      .where("revoked_at", "is", null)
      .where("expires_at", ">", sql<Date>`now()`)
      .executeTakeFirst();
  }

  /** When a live session of the user was opened (its sign-in), or undefined. */
  async sessionStart(id: string, userId: string): Promise<Date | undefined> {
    const r = await this.db
      .selectFrom("sessions")
      .select("created_at")
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    return r?.created_at;
  }

  /**
   * Revokes a user's live sessions: one (`only`), all but one (`except`), or all; answers the
   * ids it revoked, for the sessions.ended event.
   */
  async revokeSessions(trx: Trx, userId: string, which: SessionScope): Promise<string[]> {
    let q = trx
      .updateTable("sessions")
      .set({ revoked_at: sql`now()` })
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .where("expires_at", ">", sql<Date>`now()`);
    if (which !== "all" && "only" in which) q = q.where("id", "=", which.only);
    if (which !== "all" && "except" in which) q = q.where("id", "<>", which.except);
    return (await q.returning("id").execute()).map((r) => r.id);
  }
}

/** Which of a user's sessions end. */
export type SessionScope = "all" | { only: string } | { except: string };
