import { sql } from "kysely";
import type { Db, Trx } from "./db.ts";

export interface InviteRow {
  token: string;
  bot_id: string;
  email: string | null;
  expires_at: Date;
  used_by: string | null;
  used_at: Date | null;
}

/** Shared bots' members and invites (bots 0009). */
export class MembersRepo {
  readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async addInvite(trx: Trx, invite: Pick<InviteRow, "token" | "bot_id" | "email" | "expires_at">) {
    await trx.insertInto("bot_invites").values(invite).execute();
  }

  /** The invite, locked to the transaction's end: two accepts of one token cannot both spend it. */
  async inviteLocked(trx: Trx, token: string): Promise<InviteRow | undefined> {
    return trx
      .selectFrom("bot_invites")
      .selectAll()
      .where("token", "=", token)
      .forUpdate()
      .executeTakeFirst();
  }

  async spendInvite(trx: Trx, token: string, userId: string): Promise<void> {
    await trx
      .updateTable("bot_invites")
      .set({ used_by: userId, used_at: sql<Date>`now()` })
      .where("token", "=", token)
      .execute();
  }

  /** Adds the member; false when they were one already. */
  async add(trx: Trx, botId: string, userId: string): Promise<boolean> {
    const r = await trx
      .insertInto("bot_members")
      .values({ bot_id: botId, user_id: userId })
      .onConflict((oc) => oc.doNothing())
      .returning("user_id")
      .executeTakeFirst();
    return r !== undefined;
  }

  /** Removes the member; false when they were not one. */
  async remove(trx: Trx, botId: string, userId: string): Promise<boolean> {
    const r = await trx
      .deleteFrom("bot_members")
      .where("bot_id", "=", botId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async isMember(botId: string, userId: string, trx?: Trx): Promise<boolean> {
    const r = await (trx ?? this.db)
      .selectFrom("bot_members")
      .select("user_id")
      .where("bot_id", "=", botId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return r !== undefined;
  }

  /** Each bot's members, oldest first (inside a transaction, on it: the embedded database has one connection). */
  async of(botIds: string[], trx?: Trx): Promise<Map<string, { userId: string; addedAt: Date }[]>> {
    const out = new Map<string, { userId: string; addedAt: Date }[]>(botIds.map((id) => [id, []]));
    if (!botIds.length) return out;
    const rows = await (trx ?? this.db)
      .selectFrom("bot_members")
      .selectAll()
      .where(sql<boolean>`bot_id = ANY(${botIds}::uuid[])`)
      .orderBy("added_at")
      .orderBy("user_id")
      .execute();
    for (const r of rows) out.get(r.bot_id)?.push({ userId: r.user_id, addedAt: r.added_at });
    return out;
  }

  /** The ids of the bots the user is a member of. */
  async botsOf(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom("bot_members")
      .select("bot_id")
      .where("user_id", "=", userId)
      .execute();
    return rows.map((r) => r.bot_id);
  }

  /** A deleted bot's members and invites go with it; answers who the members were. */
  async forgetBot(trx: Trx, botId: string): Promise<string[]> {
    await trx.deleteFrom("bot_invites").where("bot_id", "=", botId).execute();
    const rows = await trx
      .deleteFrom("bot_members")
      .where("bot_id", "=", botId)
      .returning("user_id")
      .execute();
    return rows.map((r) => r.user_id);
  }

  /** A deleted account's memberships go; answers which bots they were in. */
  async forgetUser(trx: Trx, userId: string): Promise<string[]> {
    const rows = await trx
      .deleteFrom("bot_members")
      .where("user_id", "=", userId)
      .returning("bot_id")
      .execute();
    return rows.map((r) => r.bot_id);
  }
}
