import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { type Actor, AppError } from "@dirabot/platform";
import type { SessionsRepo } from "./sessions.repo.ts";
import type { SessionEnds } from "./sessions.ts";
import type { UsersRepo } from "./users.repo.ts";

// Session ids are UUIDs: anything else is no session (and never reaches SQL).
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// A session's last use is written at most this often: a request is not a write.
const SEEN_EVERY_MS = 60_000;

/** What the profile shows of a user's sessions, and how its owner ends one. */
export class SessionList {
  #repo: SessionsRepo;
  #users: UsersRepo;
  #ends: SessionEnds;
  constructor(repo: SessionsRepo, users: UsersRepo, ends: SessionEnds) {
    this.#repo = repo;
    this.#users = users;
    this.#ends = ends;
  }

  /** A request came with this session: its last use moves when it is a minute old. */
  async seen(id: string, s: { last_seen_at: Date | null; created_at: Date }): Promise<void> {
    const last = (s.last_seen_at ?? s.created_at).getTime();
    if (Date.now() - last >= SEEN_EVERY_MS) await this.#repo.seen(id);
  }

  async list(actor: Actor) {
    const rows = await this.#repo.live(actor.userId);
    return rows.map((r) => ({
      id: r.id,
      userAgent: r.user_agent,
      createdAt: timestampFromDate(r.created_at),
      lastSeenAt: timestampFromDate(r.last_seen_at ?? r.created_at),
      current: r.id === actor.sessionId,
    }));
  }

  /** Ends one of the actor's live sessions; someone else's or an unknown one is not found. */
  async end(actor: Actor, id: string): Promise<void> {
    if (!SESSION_ID.test(id)) throw new AppError("not_found", "Session not found");
    const ended = await this.#users.db
      .transaction()
      .execute((trx) => this.#ends.end(trx, actor.userId, { only: id }, "ended"));
    if (ended.length === 0) throw new AppError("not_found", "Session not found");
    this.#ends.kick();
  }
}
