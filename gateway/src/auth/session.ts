import { type Client, Code, ConnectError } from "@connectrpc/connect";
import { AppError } from "@dirabot/platform";
import type { IdentityService, User } from "@dirabot/proto/identity/v1/identity_pb.js";
import type { Context, Middleware, Next } from "koa";

export const COOKIE = "dirabot_token_v3";

/** The request's token: the bearer header first, else the session cookie. */
export function tokenOf(k: Context): string | undefined {
  const header = k.get("authorization");
  if (header.toLowerCase().startsWith("bearer ")) return header.slice(7).trim() || undefined;
  return k.cookies.get(COOKIE) || undefined;
}

/**
 * Resolves the session through the identity service, cached for a few seconds so a page's burst
 * of calls costs one check; a revoked session stops working within that window.
 */
export interface Session {
  user: User;
  sessionId: string;
}

export class SessionCache {
  #client: Client<typeof IdentityService>;
  #cache = new Map<string, { at: number; session: Session | null }>();
  readonly ttlMs: number;

  constructor(client: Client<typeof IdentityService>, ttlMs = 5000) {
    this.#client = client;
    this.ttlMs = ttlMs;
  }

  async user(token: string): Promise<User | null> {
    return (await this.session(token))?.user ?? null;
  }

  /** The user and the id of the session the token belongs to, or null when it is not valid. */
  async session(token: string): Promise<Session | null> {
    const hit = this.#cache.get(token);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.session;
    let session: Session | null = null;
    try {
      const r = await this.#client.authenticate({ token });
      session = r.user ? { user: r.user, sessionId: r.sessionId } : null;
    } catch (err) {
      // Only "not authenticated" is an answer; an outage stays an error (503), never a sign-out.
      if (ConnectError.from(err).code !== Code.Unauthenticated) throw err;
    }
    if (this.#cache.size > 10_000) this.#cache.clear();
    this.#cache.set(token, { at: Date.now(), session });
    return session;
  }

  forget(token: string): void {
    this.#cache.delete(token);
  }
}

/** Puts the signed-in user (if any) on k.state.user. */
export function loadSession(sessions: SessionCache): Middleware {
  return async (k, next) => {
    const token = tokenOf(k);
    k.state.token = token;
    const session = token ? await sessions.session(token) : null;
    k.state.user = session?.user ?? null;
    k.state.sessionId = session?.sessionId ?? "";
    await next();
  };
}

export function currentUser(k: Context, opts: { allowBanned?: boolean } = {}): User {
  const user = k.state.user as User | null;
  if (!user) throw new AppError("unauthenticated", "Authentication required");
  if (user.isBanned && !opts.allowBanned) throw new AppError("permission_denied", "Your account is banned");
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
