import { randomUUID } from "node:crypto";
import { create } from "@bufbuild/protobuf";
import { AppError, type Locale, type Logger, localeOr, type Outbox } from "@dirabot/platform";
import { UserClaimed, UserRegistered, UserUpdated } from "@dirabot/proto/events";
import {
  UserClaimedSchema,
  UserRegisteredSchema,
  UserUpdatedSchema,
} from "@dirabot/proto/events/v1/identity_pb.js";
import type { PasswordHashing } from "./passwords.ts";
import { reauthenticate } from "./reauth.ts";
import type { ResetRepo } from "./reset.repo.ts";
import { checkEmail, checkName, checkPassword } from "./rules.ts";
import type { SessionList } from "./session-list.ts";
import type { SessionEnds } from "./sessions.ts";
import type { Tokens } from "./tokens.ts";
import type { UserRow, UsersRepo } from "./users.repo.ts";

/** The refusal of a session a ban ended (api/src/messages.ts BANNED_MESSAGE, word for word). */
export const BANNED_ERROR = "Your account is banned";

export interface Opened {
  token: string;
  expiresAt: Date;
  user: UserRow;
}

/** Sign-up, sign-in, sessions and passwords. */
export class AuthService {
  #repo: UsersRepo;
  #tokens: Tokens;
  #outbox: Outbox;
  #codes: ResetRepo;
  #sessions: SessionEnds;
  #sessionList: SessionList;
  #passwords: PasswordHashing;
  /** Verifying against this keeps a login for an unknown email as slow as a wrong password's. */
  #dummyHash: Promise<string> | undefined;

  constructor(deps: {
    repo: UsersRepo;
    tokens: Tokens;
    outbox: Outbox;
    codes: ResetRepo;
    sessions: SessionEnds;
    sessionList: SessionList;
    passwords: PasswordHashing;
  }) {
    this.#repo = deps.repo;
    this.#tokens = deps.tokens;
    this.#outbox = deps.outbox;
    this.#codes = deps.codes;
    this.#sessions = deps.sessions;
    this.#sessionList = deps.sessionList;
    this.#passwords = deps.passwords;
  }

  async register(input: {
    firstname: string;
    lastname: string;
    email: string;
    password: string;
    userAgent?: string;
    /** The browser's language (RegisterRequest.locale); anything but "he" is English. */
    locale?: string;
  }): Promise<Opened> {
    const user = await this.#create({
      locale: localeOr(input.locale),
      email: checkEmail(input.email),
      firstname: checkName(input.firstname, "First name"),
      lastname: checkName(input.lastname, "Last name"),
      oauthProvider: "none",
      passwordHash: await this.#passwords.hash(checkPassword(input.password)),
    });
    if (!user) throw new AppError("already_exists", "An account with this email already exists");
    return this.open(user, input.userAgent);
  }

  async login(email: string, password: string, userAgent = ""): Promise<Opened> {
    const user = await this.#repo.byEmail(email.trim());
    this.#dummyHash ??= this.#passwords.hash("dirabot-timing-equaliser");
    const hash = user?.password_hash ?? (await this.#dummyHash);
    const ok = await this.#passwords.verify(hash, password);
    if (!user?.password_hash || !ok) throw new AppError("unauthenticated", "Invalid email or password");
    return this.open(user, userAgent);
  }

  /**
   * A provider-verified email: the account with that email, else a new one without a password.
   * The first provider sign-in to an account opened with a password claims it (see #claim).
   */
  async oauth(input: {
    provider: string;
    email: string;
    firstname: string;
    lastname: string;
    userAgent?: string;
    locale?: string;
  }): Promise<Opened> {
    if (!["google", "facebook"].includes(input.provider))
      throw new AppError("invalid_argument", "Unknown sign-in provider");
    const email = checkEmail(input.email);
    const existing = await this.#repo.byEmail(email);
    if (existing) return this.open(await this.#claim(existing, input.provider), input.userAgent);
    const user =
      (await this.#create({
        email,
        firstname: input.firstname.trim().slice(0, 80) || email.split("@")[0] || "User",
        lastname: input.lastname.trim().slice(0, 80),
        oauthProvider: input.provider,
        passwordHash: null,
        locale: localeOr(input.locale),
      })) ?? (await this.#repo.byEmail(email)); // a concurrent first sign-in won the insert
    if (!user) throw new AppError("internal", "Could not create the account");
    return this.open(user, input.userAgent);
  }

  /**
   * Whoever registered an email with a password need not own it (an account pre-hijack): when
   * the provider proves the owner for the first time, the password stops working, every session
   * and reset code ends, and the user.claimed event has the telegram service unlink the account's
   * Telegram chat (docs/decisions/0058-account-pre-hijack.md). Later provider sign-ins change nothing.
   */
  async #claim(user: UserRow, provider: string): Promise<UserRow> {
    if (user.oauth_provider !== "none") return user;
    const claimed = await this.#repo.db.transaction().execute(async (trx) => {
      const row = await this.#repo.claim(trx, user.id, provider);
      if (!row) return undefined;
      await this.#sessions.end(trx, user.id, "all", "claim");
      await this.#codes.endAll(trx, user.id);
      await this.#outbox.stage(trx, UserClaimed, create(UserClaimedSchema, { userId: user.id, provider }));
      await this.#outbox.stage(trx, UserUpdated, create(UserUpdatedSchema, { userId: user.id }));
      return row;
    });
    if (!claimed) return (await this.#repo.byId(user.id)) ?? user; // claimed meanwhile
    this.#outbox.kick();
    return claimed;
  }

  /** Inserts a new account and stages user.registered with it; undefined when the email is taken. */
  async #create(input: {
    email: string;
    firstname: string;
    lastname: string;
    oauthProvider: string;
    passwordHash: string | null;
    locale: Locale;
  }): Promise<UserRow | undefined> {
    const row = {
      id: randomUUID(),
      email: input.email,
      firstname: input.firstname,
      lastname: input.lastname,
      avatar: String(1 + Math.floor(Math.random() * 25)),
      roles: ["user"],
      is_banned: false,
      banned_reason: "",
      oauth_provider: input.oauthProvider,
      password_hash: input.passwordHash,
      locale: input.locale,
    };
    const user = await this.#repo.db.transaction().execute(async (trx) => {
      const inserted = await this.#repo.insert(trx, row);
      if (inserted) {
        const event = create(UserRegisteredSchema, { userId: row.id, email: row.email });
        await this.#outbox.stage(trx, UserRegistered, event);
      }
      return inserted;
    });
    if (user) this.#outbox.kick();
    return user;
  }

  /** A new session, with the browser it was opened in (the profile's list; at most 512 characters). */
  async open(user: UserRow, userAgent = ""): Promise<Opened> {
    const sessionId = randomUUID();
    const { token, expiresAt } = await this.#tokens.sign(user.id, sessionId);
    await this.#repo.openSession(sessionId, user.id, expiresAt, userAgent.slice(0, 512));
    return { token, expiresAt, user };
  }

  async authenticate(token: string): Promise<{ user: UserRow; sessionId: string }> {
    const claims = await this.#tokens.read(token);
    const session = claims && (await this.#repo.liveSession(claims.sessionId));
    const user =
      session && session.user_id === claims.userId ? await this.#repo.byId(claims.userId) : undefined;
    if (!claims || !user) throw await this.#refusal(claims);
    if (session) await this.#sessionList.seen(claims.sessionId, session);
    return { user, sessionId: claims.sessionId };
  }

  /**
   * Why a token is refused: a session a ban ended, while the ban lasts, says so with the ban's
   * reason (the SPA shows /banned); every other end (logout, password, role, expiry…) is the
   * plain "sign in again".
   */
  async #refusal(claims: { userId: string; sessionId: string } | undefined): Promise<AppError> {
    const plain = new AppError("unauthenticated", "Your session has expired, please sign in again");
    if (!claims || !(await this.#repo.endedByBan(claims.sessionId, claims.userId))) return plain;
    const user = await this.#repo.byId(claims.userId);
    if (!user?.is_banned) return plain;
    return new AppError("banned", BANNED_ERROR, { bannedReason: user.banned_reason });
  }

  async logout(token: string): Promise<void> {
    const claims = await this.#tokens.read(token);
    if (!claims) return;
    await this.#repo.db
      .transaction()
      .execute((trx) => this.#sessions.end(trx, claims.userId, { only: claims.sessionId }, "logout"));
    this.#sessions.kick();
  }

  /**
   * A new password ends every other session of the user (the one it was changed in stays) and
   * every Telegram link code in flight (user.password_changed).
   */
  async changePassword(userId: string, sessionId: string, current: string, next: string): Promise<void> {
    const user = await this.#repo.byId(userId);
    if (!user) throw new AppError("not_found", "User not found");
    if (!user.password_hash || !(await this.#passwords.verify(user.password_hash, current))) {
      throw new AppError("invalid_argument", "Current password is incorrect");
    }
    const hash = await this.#passwords.hash(checkPassword(next));
    await this.#repo.db.transaction().execute(async (trx) => {
      await this.#repo.setPassword(trx, userId, hash);
      await this.#sessions.end(trx, userId, { except: sessionId }, "password");
      await this.#sessions.passwordChanged(trx, user, false);
    });
    this.#sessions.kick();
  }

  /** The acting person proves again they own the account (see reauth.ts). */
  reauthenticate(actor: { userId: string; sessionId: string }, password: string): Promise<void> {
    return reauthenticate(this.#repo, actor, password);
  }

  /**
   * ADMIN_EMAIL/ADMIN_PASSWORD: the admin exists; the password is set only on creation. An
   * existing account with that email is made admin only when the operator says so
   * (ADMIN_PROMOTE_EXISTING): anyone could have registered that email before the operator set it.
   */
  async ensureAdmin(
    email: string,
    password: string | undefined,
    opts: { promoteExisting: boolean; log: Logger },
  ): Promise<void> {
    const existing = await this.#repo.byEmail(email);
    if (existing) {
      if (existing.roles.includes("admin")) return;
      if (!opts.promoteExisting) {
        opts.log.warn(
          { email: existing.email },
          `ADMIN_EMAIL ${existing.email} belongs to an existing account that is not an admin; it was left as it is. If that account is yours, start once with ADMIN_PROMOTE_EXISTING=1; if not, delete it or choose another ADMIN_EMAIL`,
        );
        return;
      }
      // A role change: the account's sessions end (whoever held them signs in again).
      await this.#repo.db.transaction().execute(async (trx) => {
        await this.#repo.update(trx, existing.id, { roles: [...existing.roles, "admin"] });
        await this.#sessions.end(trx, existing.id, "all", "role");
      });
      this.#sessions.kick();
      opts.log.warn(
        { email: existing.email, userId: existing.id },
        `ADMIN_PROMOTE_EXISTING: the existing account ${existing.email} was made an admin`,
      );
      return;
    }
    if (!password)
      throw new AppError("invalid_argument", "ADMIN_PASSWORD is needed to create the ADMIN_EMAIL account");
    const opened = await this.register({ firstname: "Admin", lastname: "Dirabot", email, password });
    await this.#repo.db
      .transaction()
      .execute((trx) => this.#repo.update(trx, opened.user.id, { roles: ["user", "admin"] }));
  }

  /** DEMO=1: the demo account (demo@example.com / demo1234) exists, so a fresh start can be tried. */
  async ensureDemoUser(): Promise<void> {
    if (await this.#repo.byEmail(DEMO_USER.email)) return;
    await this.register({ ...DEMO_USER });
  }
}

export const DEMO_USER = {
  firstname: "Demo",
  lastname: "User",
  email: "demo@example.com",
  password: "demo1234",
};
