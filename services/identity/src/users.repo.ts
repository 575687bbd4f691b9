import type { Locale } from "@dirabot/platform";
import { type Selectable, sql } from "kysely";
import type { Users } from "./db.generated.ts";
import type { Db, Trx } from "./db.ts";

/** A saved place as `users.places` keeps it (0008_places). */
export interface StoredPlace {
  id: string;
  name: string;
  lat: number;
  lon: number;
}

/** A row of `identity.users`; quiet hours are "HH:mm" or both null (0003_notify). */
export type UserRow = Selectable<Users>;
type NotifyColumn = "notify_telegram_matches" | "quiet_from" | "quiet_to";

export type UserPatch = Partial<
  Pick<
    UserRow,
    "firstname" | "lastname" | "avatar" | "roles" | "is_banned" | "banned_reason" | "locale" | NotifyColumn
  >
> & { places?: StoredPlace[] };

/** The only SQL of the identity service's users and sessions. */
export class UsersRepo {
  readonly db: Db;
  constructor(db: Db) {
    this.db = db;
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
      | "created_at"
      | "updated_at"
      | "telegram_chat_id"
      | "telegram_username"
      | "locale"
      | "places"
      | "places_version"
      | NotifyColumn
    > & { locale: Locale },
  ): Promise<UserRow | undefined> {
    return trx
      .insertInto("users")
      .values(row)
      .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /** A change of places writes the whole list and counts a version (user.places_changed). */
  update(trx: Trx, id: string, { places, ...patch }: UserPatch): Promise<UserRow | undefined> {
    return trx
      .updateTable("users")
      .set({
        ...patch,
        ...(places === undefined
          ? {}
          : { places: JSON.stringify(places), places_version: sql`places_version + 1` }),
        updated_at: sql`now()`,
      })
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

  /** Whether this session of the user was ended by a ban (and not yet past its time). */
  async endedByBan(id: string, userId: string): Promise<boolean> {
    const r = await this.db
      .selectFrom("sessions")
      .select("id")
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .where("end_reason", "=", "ban")
      .where("expires_at", ">", sql<Date>`now()`)
      .executeTakeFirst();
    return r !== undefined;
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
  async revokeSessions(trx: Trx, userId: string, which: SessionScope, reason: EndReason): Promise<string[]> {
    let q = trx
      .updateTable("sessions")
      .set({ revoked_at: sql`now()`, end_reason: reason })
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .where("expires_at", ">", sql<Date>`now()`);
    if (which !== "all" && "only" in which) q = q.where("id", "=", which.only);
    if (which !== "all" && "except" in which) q = q.where("id", "<>", which.except);
    return (await q.returning("id").execute()).map((r) => r.id);
  }
}

/**
 * Why sessions end before their time: "ended" by their owner from the profile's list, "ban" by an
 * admin's ban (the one a request is told about), the others as named.
 */
export type EndReason =
  | "logout"
  | "ended"
  | "password"
  | "reset"
  | "ban"
  | "role"
  | "claim"
  | "link_undone"
  | "deleted";

/** Which of a user's sessions end. */
export type SessionScope = "all" | { only: string } | { except: string };
