import type { Selectable } from "kysely";
import { sql } from "kysely";
import type { MessageVotes, ReadMarks } from "./db.generated.ts";
import type { Db, MessageRow, Trx } from "./db.ts";

export type VoteRow = Selectable<MessageVotes>;
export type ReadMarkRow = Selectable<ReadMarks>;

/** A match of the shortlist: its message id and its counts. */
export interface Tally {
  message_id: string;
  ups: number;
  downs: number;
}

/** The SQL of what members say about matches (votes, quick replies) and of their read marks. */
export class VotesRepo {
  readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** The chat's message, locked for the change about to be made to its votes. */
  message(trx: Trx, chatId: string, messageId: string): Promise<Pick<MessageRow, "id" | "type"> | undefined> {
    return trx
      .selectFrom("messages")
      .select(["id", "type"])
      .where("chat_id", "=", chatId)
      .where("id", "=", messageId)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Sets the member's vote (null takes it back) and note, keeping their quick replies. */
  async setVote(
    trx: Trx,
    v: {
      chat_id: string;
      message_id: string;
      user_id: string;
      fullname: string;
      vote: "up" | "down" | null;
      note: string;
    },
  ): Promise<void> {
    await trx
      .insertInto("message_votes")
      .values(v)
      .onConflict((oc) =>
        oc.columns(["message_id", "user_id"]).doUpdateSet({
          vote: v.vote,
          note: v.note,
          fullname: v.fullname,
          updated_at: sql`clock_timestamp()`,
        }),
      )
      .execute();
    await this.#dropEmpty(trx, v.message_id, v.user_id);
  }

  /** Sets the member's quick replies, keeping their vote. */
  async setReply(
    trx: Trx,
    r: {
      chat_id: string;
      message_id: string;
      user_id: string;
      fullname: string;
      called: boolean;
      viewing_on: string | null;
    },
  ): Promise<void> {
    await trx
      .insertInto("message_votes")
      .values(r)
      .onConflict((oc) =>
        oc.columns(["message_id", "user_id"]).doUpdateSet({
          called: r.called,
          viewing_on: r.viewing_on,
          fullname: r.fullname,
          updated_at: sql`clock_timestamp()`,
        }),
      )
      .execute();
    await this.#dropEmpty(trx, r.message_id, r.user_id);
  }

  /** A row that says nothing any more (no vote, no reply) is not kept. */
  async #dropEmpty(trx: Trx, messageId: string, userId: string): Promise<void> {
    await trx
      .deleteFrom("message_votes")
      .where("message_id", "=", messageId)
      .where("user_id", "=", userId)
      .where("vote", "is", null)
      .where("called", "=", false)
      .where("viewing_on", "is", null)
      .execute();
  }

  /** The votes and replies of these messages, oldest first. */
  of(messageIds: string[], trx: Db | Trx = this.db): Promise<VoteRow[]> {
    if (!messageIds.length) return Promise.resolve([]);
    return trx
      .selectFrom("message_votes")
      .selectAll()
      .where("message_id", "in", messageIds)
      .orderBy("created_at")
      .orderBy("user_id")
      .execute();
  }

  /** The chat's matches with at least one 👍: by score (ups minus downs), then newest. */
  async shortlist(chatId: string): Promise<Tally[]> {
    const rows = await this.db
      .selectFrom("message_votes as v")
      .innerJoin("messages as m", "m.id", "v.message_id")
      .select([
        "v.message_id",
        sql<number>`count(*) FILTER (WHERE v.vote = 'up')::int`.as("ups"),
        sql<number>`count(*) FILTER (WHERE v.vote = 'down')::int`.as("downs"),
      ])
      .where("v.chat_id", "=", chatId)
      .where("m.chat_id", "=", chatId)
      .groupBy(["v.message_id", "m.created_at", "m.seq"])
      .having(sql<boolean>`count(*) FILTER (WHERE v.vote = 'up') > 0`)
      .orderBy(sql`count(*) FILTER (WHERE v.vote = 'up') - count(*) FILTER (WHERE v.vote = 'down')`, "desc")
      .orderBy("m.created_at", "desc")
      .orderBy("m.seq", "desc")
      .limit(200)
      .execute();
    return rows;
  }

  marks(chatId: string, trx: Db | Trx = this.db): Promise<ReadMarkRow[]> {
    return trx
      .selectFrom("read_marks")
      .selectAll()
      .where("chat_id", "=", chatId)
      .orderBy("user_id")
      .execute();
  }

  /**
   * Moves the member's read mark up to `upTo` (never back); answers the mark when it moved or
   * its name changed, undefined when nothing did.
   */
  advance(
    trx: Trx,
    m: { chat_id: string; user_id: string; fullname: string; up_to: Date },
  ): Promise<ReadMarkRow | undefined> {
    return trx
      .insertInto("read_marks")
      .values(m)
      .onConflict((oc) =>
        oc
          .columns(["chat_id", "user_id"])
          .doUpdateSet({
            up_to: sql`GREATEST(read_marks.up_to, excluded.up_to)`,
            fullname: (eb) => eb.ref("excluded.fullname"),
          })
          .where((eb) =>
            eb.or([
              eb("read_marks.up_to", "<", eb.ref("excluded.up_to")),
              eb("read_marks.fullname", "<>", eb.ref("excluded.fullname")),
            ]),
          ),
      )
      .returningAll()
      .executeTakeFirst();
  }
}
