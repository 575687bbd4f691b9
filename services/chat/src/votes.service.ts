import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { type Actor, AppError, type Outbox } from "@dirabot/platform";
import {
  type Message,
  type QuickReply,
  QuickReplySchema,
  type ReadMark,
  ReadMarkSchema,
  type Sender,
  type ShortlistEntry,
  ShortlistEntrySchema,
  type Vote,
  VoteSchema,
} from "@dirabot/proto/chat/v1/chat_pb.js";
import { ChatMessageMarked, ChatSeen } from "@dirabot/proto/events";
import { ChatMessageMarkedSchema, ChatSeenSchema } from "@dirabot/proto/events/v1/chat_pb.js";
import { isUuid, mayRead, reach } from "./access.ts";
import type { ChatsRepo } from "./chats.repo.ts";
import type { ChatRow, Db, MessageRow, Trx } from "./db.ts";
import type { MessagesRepo } from "./messages.repo.ts";
import { messageToProto } from "./proto.ts";
import type { ReadMarkRow, VoteRow, VotesRepo } from "./votes.repo.ts";

/** A note on a vote: short, a line or two. */
export const MAX_NOTE_LENGTH = 200;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export const VOTE_MESSAGES = {
  vote: "vote must be up, down or null",
  noteLong: `A note is at most ${MAX_NOTE_LENGTH} characters`,
  nul: "A note cannot contain NUL characters",
  notMatch: "Only a match can be voted on or replied to",
  day: "viewingOn must be a date as YYYY-MM-DD, e.g. 2027-01-31",
  notMember: "Only the chat's members vote and reply",
  message: "Message not found",
} as const;

/**
 * Whether the actor is one of the chat's members (whoever reaches it other than as an admin):
 * admins read everyone's chats but say nothing in them, and do not mark what they read.
 */
export const isMember = (actor: Actor, chat: ChatRow, shared: readonly string[] = []) =>
  mayRead({ ...actor, admin: false }, chat, shared);

/** The chat's members: its owner, and the shared bot's members (`shared`, chat 0007). */
const members = (chat: ChatRow, shared: readonly string[] = []): string[] => [chat.user_id, ...shared];

const fullname = (s: Sender | undefined) => (s ? `${s.firstname} ${s.lastname}`.trim() : "");

/** A real calendar day as YYYY-MM-DD. */
export function isDay(s: string): boolean {
  const m = DAY.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === s;
}

interface Said {
  votes: Vote[];
  replies: QuickReply[];
  folded: boolean;
}

/** What the members said of one match, as the contract shows it. */
function said(chat: ChatRow, rows: VoteRow[], shared: readonly string[] = []): Said {
  const votes = rows
    .filter((r) => r.vote !== null)
    .map((r) =>
      create(VoteSchema, { userId: r.user_id, vote: r.vote ?? "", note: r.note, fullname: r.fullname }),
    );
  const replies = rows
    .filter((r) => r.called || r.viewing_on)
    .map((r) =>
      create(QuickReplySchema, {
        userId: r.user_id,
        fullname: r.fullname,
        called: r.called,
        viewingOn: r.viewing_on ?? "",
      }),
    );
  const downs = new Set(votes.filter((v) => v.vote === "down").map((v) => v.userId));
  const folded = members(chat, shared).every((id) => downs.has(id));
  return { votes, replies, folded };
}

const markProto = (m: ReadMarkRow): ReadMark =>
  create(ReadMarkSchema, { userId: m.user_id, fullname: m.fullname, upTo: timestampFromDate(m.up_to) });

/**
 * Votes (👍/👎 with a note), quick replies ("I called", "Viewing booked on …") and read marks (who
 * saw which match). Every change is announced to the chat's open pages: `message.marked` with the
 * match's whole new set of votes and replies, `chat.seen` with the member's new read mark.
 */
export class VotesService {
  readonly #db: Db;
  readonly #chats: ChatsRepo;
  readonly #messages: MessagesRepo;
  readonly #votes: VotesRepo;
  readonly #outbox: Outbox;
  constructor(deps: { db: Db; chats: ChatsRepo; messages: MessagesRepo; votes: VotesRepo; outbox: Outbox }) {
    this.#db = deps.db;
    this.#chats = deps.chats;
    this.#messages = deps.messages;
    this.#votes = deps.votes;
    this.#outbox = deps.outbox;
  }

  /** Messages as the chat's people see them: with votes, quick replies, who saw them, folded. */
  async decorate(chat: ChatRow, rows: MessageRow[], marks?: ReadMarkRow[]): Promise<Message[]> {
    const [said_, seen, people] = await Promise.all([
      this.#votes.of(rows.filter((r) => r.type === "asset").map((r) => r.id)),
      marks ? Promise.resolve(marks) : this.#votes.marks(chat.id),
      this.#sharedWith(chat.id),
    ]);
    const byMessage = new Map<string, VoteRow[]>();
    for (const r of said_) byMessage.set(r.message_id, [...(byMessage.get(r.message_id) ?? []), r]);
    return rows.map((r) => {
      const m = messageToProto(r);
      m.seenBy = seen.filter((k) => k.up_to.getTime() >= r.created_at.getTime()).map((k) => k.user_id);
      if (r.type === "asset") Object.assign(m, said(chat, byMessage.get(r.id) ?? [], people));
      return m;
    });
  }

  /** The shared bot's members of the chat (user ids; the owner is not one). */
  async #sharedWith(chatId: string, trx?: Trx): Promise<string[]> {
    return ((await this.#chats.members.of([chatId], trx)).get(chatId) ?? []).map((m) => m.user_id);
  }

  /** The chat's read marks, for the names of who saw what. */
  async marks(chat: ChatRow): Promise<ReadMark[]> {
    return (await this.#votes.marks(chat.id)).map(markProto);
  }

  /**
   * The member's vote on a match, replacing theirs: "up" or "down" with a note, or "" to take it
   * back (its note goes with it).
   */
  async vote(
    actor: Actor,
    voter: Sender | undefined,
    chatId: string,
    messageId: string,
    vote: string,
    note: string,
  ): Promise<Message> {
    if (vote !== "up" && vote !== "down" && vote !== "")
      throw new AppError("invalid_argument", VOTE_MESSAGES.vote);
    const text = vote ? note.trim() : "";
    if ([...text].length > MAX_NOTE_LENGTH) throw new AppError("invalid_argument", VOTE_MESSAGES.noteLong);
    if (text.includes("\u0000")) throw new AppError("invalid_argument", VOTE_MESSAGES.nul);
    return this.#change(actor, chatId, messageId, (trx, chat, id) =>
      this.#votes.setVote(trx, {
        chat_id: chat.id,
        message_id: id,
        user_id: actor.userId,
        fullname: fullname(voter),
        vote: vote === "" ? null : vote,
        note: text,
      }),
    );
  }

  /** The member's quick replies on a match, replacing theirs. */
  async reply(
    actor: Actor,
    voter: Sender | undefined,
    chatId: string,
    messageId: string,
    called: boolean,
    viewingOn: string,
  ): Promise<Message> {
    if (viewingOn !== "" && !isDay(viewingOn)) throw new AppError("invalid_argument", VOTE_MESSAGES.day);
    return this.#change(actor, chatId, messageId, (trx, chat, id) =>
      this.#votes.setReply(trx, {
        chat_id: chat.id,
        message_id: id,
        user_id: actor.userId,
        fullname: fullname(voter),
        called,
        viewing_on: viewingOn || null,
      }),
    );
  }

  /** A change to one match by a member, announced with the match's new votes and replies. */
  async #change(
    actor: Actor,
    chatId: string,
    messageId: string,
    write: (trx: Trx, chat: ChatRow, messageId: string) => Promise<void>,
  ): Promise<Message> {
    const { chat, row } = await this.#db.transaction().execute(async (trx) => {
      const chat = await reach(this.#chats, actor, chatId, trx);
      // The message's row lock orders two members' votes on it, so each event holds the set after it.
      const found = isUuid(messageId) ? await this.#votes.message(trx, chat.id, messageId) : undefined;
      if (!found) throw new AppError("not_found", VOTE_MESSAGES.message);
      const shared = await this.#sharedWith(chat.id, trx);
      if (!isMember(actor, chat, shared)) throw new AppError("permission_denied", VOTE_MESSAGES.notMember);
      if (found.type !== "asset") throw new AppError("invalid_argument", VOTE_MESSAGES.notMatch);
      await write(trx, chat, found.id);
      const now = said(chat, await this.#votes.of([found.id], trx), shared);
      await this.#outbox.stage(
        trx,
        ChatMessageMarked,
        create(ChatMessageMarkedSchema, { chatId: chat.id, messageId: found.id, ...now }),
      );
      return { chat, row: found };
    });
    this.#outbox.kick();
    const message = (await this.#messages.byIds([row.id])).get(row.id);
    if (!message) throw new AppError("not_found", VOTE_MESSAGES.message); // its chat was deleted meanwhile
    return (await this.decorate(chat, [message]))[0] as Message;
  }

  /** The matches with at least one 👍, by score (ups minus downs), then newest. */
  async shortlist(actor: Actor, chatId: string): Promise<ShortlistEntry[]> {
    const chat = await reach(this.#chats, actor, chatId);
    const tallies = await this.#votes.shortlist(chat.id);
    const rows = await this.#messages.byIds(tallies.map((t) => t.message_id));
    const listed = tallies.filter((t) => rows.has(t.message_id));
    const messages = await this.decorate(
      chat,
      listed.map((t) => rows.get(t.message_id) as MessageRow),
    );
    return listed.map((t, i) =>
      create(ShortlistEntrySchema, { message: messages[i], ups: t.ups, downs: t.downs }),
    );
  }

  /**
   * A member read the chat: their mark moves up to the newest message it had then, and the
   * chat's open pages are told. An admin who is not a member marks nothing.
   */
  async seen(actor: Actor, reader: Sender | undefined, chatId: string): Promise<void> {
    const moved = await this.#db.transaction().execute(async (trx) => {
      const chat = await reach(this.#chats, actor, chatId, trx);
      if (!isMember(actor, chat, await this.#sharedWith(chat.id, trx)) || !chat.last_message_at) return false;
      const mark = await this.#votes.advance(trx, {
        chat_id: chat.id,
        user_id: actor.userId,
        fullname: fullname(reader),
        up_to: chat.last_message_at,
      });
      if (!mark) return false;
      await this.#outbox.stage(
        trx,
        ChatSeen,
        create(ChatSeenSchema, { chatId: chat.id, mark: markProto(mark) }),
      );
      return true;
    });
    if (moved) this.#outbox.kick();
  }
}
