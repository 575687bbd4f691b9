import { type Client, Code, ConnectError } from "@connectrpc/connect";
import { BANNED_MESSAGE, SESSION_COOKIE } from "@dirabot/api";
import { AppError, toAppError } from "@dirabot/platform";
import type { IdentityService, User } from "@dirabot/proto/identity/v1/identity_pb.js";
import type { Context, Middleware, Next } from "koa";
import { LRUCache } from "lru-cache";

export const COOKIE = SESSION_COOKIE;

/** The request's token: the bearer header first, else the session cookie. */
export function tokenOf(k: Context): string | undefined {
  const header = k.get("authorization");
  if (header.toLowerCase().startsWith("bearer ")) return header.slice(7).trim() || undefined;
  return k.cookies.get(COOKIE) || undefined;
}

/**
 * Resolves the session through the identity service, cached for a few seconds so a page's burst
 * of calls costs one check (the burst's first calls, arriving together, share one question too).
 * Identity announces sessions it ends (sessions.ended): `end` drops
 * them at once, and an answer about an ended session that was already on its way is not kept.
 */
export interface Session {
  user: User;
  sessionId: string;
}

/** What identity's sessions.ended says: these sessions of this user (or all of them) ended. */
export interface EndedSessions {
  userId: string;
  sessionIds: string[];
  all: boolean;
}

// An ended session is remembered this long: longer than any identity answer can be in flight.
const ENDED_MS = 60_000;
const MAX_ENTRIES = 10_000;

/** What identity says of a token: its session, or none (with the ban's reason when a ban ended it). */
export interface Lookup {
  session: Session | null;
  /** Set when a ban ended the token's session and still lasts: the reason the admin gave. */
  bannedReason?: string;
}

export class SessionCache {
  #client: Client<typeof IdentityService>;
  #cache: LRUCache<string, Lookup>;
  /** When each recently ended session (and user, for "all") ended. */
  #ended = new Map<string, number>();
  readonly ttlMs: number;

  constructor(client: Client<typeof IdentityService>, ttlMs = 5000) {
    this.#client = client;
    this.ttlMs = ttlMs;
    this.#cache = new LRUCache({ max: MAX_ENTRIES, ttl: ttlMs, fetchMethod: (token) => this.#fresh(token) });
  }

  async user(token: string): Promise<User | null> {
    return (await this.session(token))?.user ?? null;
  }

  /** The user and the id of the session the token belongs to, or null when it is not valid. */
  async session(token: string): Promise<Session | null> {
    return (await this.lookup(token)).session;
  }

  /** The token's session, or why there is none when a ban ended it. */
  async lookup(token: string): Promise<Lookup> {
    return (await this.#cache.fetch(token)) ?? { session: null };
  }

  /** Identity's answer, kept; undefined (not kept) when it is out of date twice in a row. */
  async #fresh(token: string): Promise<Lookup | undefined> {
    let answer = await this.#ask(token);
    // An answer about a session that ended meanwhile is out of date: identity, asked again after
    // the end was announced, knows. A second such answer in a row is refused and not kept.
    if (answer.session && this.#endedSince(answer.session, answer.asked)) {
      answer = await this.#ask(token);
      if (answer.session && this.#endedSince(answer.session, answer.asked)) return undefined;
    }
    return {
      session: answer.session,
      ...(answer.bannedReason !== undefined ? { bannedReason: answer.bannedReason } : {}),
    };
  }

  /** Identity's answer and when it was asked; no session for a token it does not accept. */
  async #ask(token: string): Promise<Lookup & { asked: number }> {
    const asked = Date.now();
    try {
      const r = await this.#client.authenticate({ token });
      return { session: r.user ? { user: r.user, sessionId: r.sessionId } : null, asked };
    } catch (err) {
      // Only "not authenticated" is an answer; an outage stays an error (503), never a sign-out.
      if (ConnectError.from(err).code !== Code.Unauthenticated) throw err;
      const e = toAppError(err);
      return { session: null, asked, ...(e.code === "banned" ? { bannedReason: e.bannedReason ?? "" } : {}) };
    }
  }

  forget(token: string): void {
    this.#cache.delete(token);
  }

  /** Sessions identity ended: their tokens stop working here now, not when the cache runs out. */
  end(e: EndedSessions): void {
    const now = Date.now();
    if (this.#ended.size > MAX_ENTRIES) this.#prune(now);
    for (const id of e.sessionIds) this.#ended.set(`s:${id}`, now);
    if (e.all) this.#ended.set(`u:${e.userId}`, now);
    const ids = new Set(e.sessionIds);
    const gone = [...this.#cache.entries()].filter(
      ([, { session: s }]) => s && (ids.has(s.sessionId) || (e.all && s.user.id === e.userId)),
    );
    for (const [token] of gone) this.#cache.delete(token);
  }

  /**
   * Whether identity's answer is already out of date: its session has ended (a session never
   * comes back), or all of its user's sessions ended while identity was being asked.
   */
  #endedSince(s: Session, asked: number): boolean {
    const byUser = this.#ended.get(`u:${s.user.id}`);
    return this.#ended.has(`s:${s.sessionId}`) || (byUser !== undefined && byUser >= asked);
  }

  #prune(now: number): void {
    for (const [key, at] of this.#ended) if (now - at > ENDED_MS) this.#ended.delete(key);
  }
}

/** Puts the signed-in user (if any) on k.state.user. */
export function loadSession(sessions: SessionCache): Middleware {
  return async (k, next) => {
    const token = tokenOf(k);
    k.state.token = token;
    const { session, bannedReason } = token ? await sessions.lookup(token) : { session: null };
    k.state.user = session?.user ?? null;
    k.state.sessionId = session?.sessionId ?? "";
    k.state.bannedReason = bannedReason;
    await next();
  };
}

/**
 * The refusal of a request without a session: `banned` with the reason when a ban ended the
 * session it carried (the SPA shows /banned), else the plain 401.
 */
export function signInWanted(
  bannedReason: string | undefined,
  message = "Authentication required",
): AppError {
  if (bannedReason !== undefined) return new AppError("banned", BANNED_MESSAGE, { bannedReason });
  return new AppError("unauthenticated", message);
}

export function currentUser(k: Context, opts: { allowBanned?: boolean } = {}): User {
  const user = k.state.user as User | null;
  if (!user) throw signInWanted(k.state.bannedReason as string | undefined);
  if (user.isBanned && !opts.allowBanned) throw new AppError("permission_denied", BANNED_MESSAGE);
  return user;
}

export const requireUser: Middleware = async (k: Context, next: Next) => {
  currentUser(k);
  await next();
};

export const requireAdmin: Middleware = async (k: Context, next: Next) => {
  if (!currentUser(k).roles.includes("admin"))
    throw new AppError("permission_denied", "Admin access required");
  await next();
};
