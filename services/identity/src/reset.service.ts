import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { type Client, Code, ConnectError } from "@connectrpc/connect";
import { AppError, backoff, type Logger, localeOr } from "@dirabot/platform";
import type { TelegramService } from "@dirabot/proto/telegram/v1/telegram_pb.js";
import type { PasswordHashing } from "./passwords.ts";
import type { ResetRepo, ResetRow } from "./reset.repo.ts";
import { atCeiling, current, DAILY_CEILING, secondsToWait } from "./reset-pace.ts";
import type { Judge, ResetTriesRepo } from "./reset-tries.repo.ts";
import { checkPassword } from "./rules.ts";
import type { SessionEnds } from "./sessions.ts";
import { RESET_TEXTS } from "./telegram-texts.ts";
import type { UserRow, UsersRepo } from "./users.repo.ts";

const VALID_MS = 15 * 60 * 1000;
const MAX_TRIES = 5;
/**
 * Codes sent an hour, asked for from one address and in all: strangers cannot flood the owner's
 * chat, and one of them alone cannot use up the owner's codes.
 */
const CODES_PER_HOUR = { fromAddress: 3, all: 10 };
/** Sends tried again only after "unavailable" (Telegram or the telegram service sent nothing). */
const SEND_TRIES = 3;
const SEND_RETRY_MS = 2000;
const INVALID = "Invalid verification code";
const SLOW_DOWN = "Too many requests, please try again later.";

const judge: Judge = (now, account, pair) => {
  const c = current(now, account, pair);
  return { wait: secondsToWait(now, c.account, c.pair), ...c };
};

/**
 * Password reset through the user's linked Telegram account: a 6-digit code and a link, both
 * single use for 15 minutes, issued only when there is a chat to send them to. Only keyed hashes
 * are stored; comparisons take constant time. Every guess is counted (reset-pace.ts) before it is
 * compared, per account and per (account, address).
 */
export class ResetService {
  #users: UsersRepo;
  #codes: ResetRepo;
  #tries: ResetTriesRepo;
  #telegram: Client<typeof TelegramService>;
  #key: string;
  #log: Logger;
  #sessions: SessionEnds;
  #passwords: PasswordHashing;

  constructor(deps: {
    users: UsersRepo;
    codes: ResetRepo;
    tries: ResetTriesRepo;
    sessions: SessionEnds;
    telegram: Client<typeof TelegramService>;
    secret: string;
    log: Logger;
    passwords: PasswordHashing;
  }) {
    this.#users = deps.users;
    this.#codes = deps.codes;
    this.#tries = deps.tries;
    this.#telegram = deps.telegram;
    this.#key = deps.secret;
    this.#log = deps.log;
    this.#sessions = deps.sessions;
    this.#passwords = deps.passwords;
  }

  #hash(kind: string, value: string): string {
    return createHmac("sha256", this.#key).update(`${kind}:${value}`).digest("hex");
  }

  #same(a: string, b: string): boolean {
    return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
  }

  /** Whose guesses these are: the email as typed, account or not, so counts tell no one which exist. */
  #account(email: string): string {
    return this.#hash("account", email.trim().toLowerCase());
  }

  /**
   * Every email takes the same steps and gets the same answer, which never waits for Telegram:
   * neither the answer nor its time tells whether an account exists or has a chat linked.
   */
  async request(email: string, publicUrl: string, address: string): Promise<void> {
    const user = await this.#users.byEmail(email.trim());
    const linked = await this.#linked(user?.id ?? randomUUID());
    const paused = atCeiling(new Date(), await this.#tries.counts(this.#account(email)));
    const sent = await this.#codes.issuedLastHour(user?.id ?? "", address);
    const flooded = sent.fromAddress >= CODES_PER_HOUR.fromAddress || sent.all >= CODES_PER_HOUR.all;
    // No chat, no code: a code nobody receives is only there to be guessed.
    if (!user || !linked || paused || flooded) return;
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const token = randomBytes(24).toString("base64url");
    await this.#codes.issue({
      id: randomUUID(),
      user_id: user.id,
      code_hash: this.#hash("code", code),
      token_hash: this.#hash("token", token),
      tries: 0,
      expires_at: new Date(Date.now() + VALID_MS),
      requested_from: address,
    });
    const link = `${publicUrl}/resetpassword?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
    this.#deliver(user.id, RESET_TEXTS[localeOr(user.locale)].code(code, link), "reset code");
  }

  async #linked(userId: string): Promise<boolean> {
    try {
      return (await this.#telegram.getLink({ userId })).linked;
    } catch (err) {
      this.#log.warn({ err: String(err), userId }, "Telegram link unknown: no reset code sent");
      return false;
    }
  }

  /** Sends without holding up the answer; again only after "unavailable", when nothing was sent. */
  #deliver(userId: string, text: string, what: string): void {
    void (async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          return void (await this.#telegram.sendToUser({ userId, text }));
        } catch (err) {
          if (ConnectError.from(err).code !== Code.Unavailable || attempt >= SEND_TRIES)
            return this.#log.info({ err: String(err), userId }, `${what} not delivered`);
          await sleep(backoff(attempt, SEND_RETRY_MS, SEND_RETRY_MS * 2 ** SEND_TRIES));
        }
      }
    })();
  }

  async #match(
    email: string,
    proof: { code?: string; token?: string },
    address: string,
  ): Promise<ResetRow & { userId: string; email: string; locale: string }> {
    const account = this.#account(email);
    const wait = await this.#tries.take(account, address, judge);
    if (wait > 0) throw new AppError("rate_limited", SLOW_DOWN, { retryAfterS: wait });
    const user = await this.#users.byEmail(email.trim());
    const row = user ? await this.#codes.live(user.id) : undefined;
    const ok =
      row &&
      row.tries < MAX_TRIES &&
      (proof.token
        ? this.#same(row.token_hash, this.#hash("token", proof.token))
        : this.#same(row.code_hash, this.#hash("code", (proof.code ?? "").trim())));
    if (!user || !row || !ok) {
      if (row && !proof.token) await this.#codes.wrongTry(row.id);
      await this.#ceiling(account, user);
      throw new AppError("invalid_argument", INVALID);
    }
    await this.#tries.giveBack(account, address);
    return { ...row, userId: user.id, email: user.email, locale: user.locale };
  }

  /** The day's last wrong guess ends every code in flight and tells the linked chat, once. */
  async #ceiling(account: string, user: UserRow | undefined): Promise<void> {
    const userId = user?.id;
    const reached = await this.#codes.db.transaction().execute(async (trx) => {
      if (!(await this.#tries.reachCeiling(trx, account, DAILY_CEILING))) return false;
      if (userId) await this.#codes.endAll(trx, userId);
      return true;
    });
    if (reached && user)
      this.#deliver(user.id, RESET_TEXTS[localeOr(user.locale)].paused, "reset pause notice");
  }

  async verify(email: string, code: string, address: string): Promise<void> {
    await this.#match(email, { code }, address);
  }

  async reset(
    email: string,
    proof: { code?: string; token?: string },
    newPassword: string,
    address: string,
  ): Promise<void> {
    checkPassword(newPassword, 8);
    const row = await this.#match(email, proof, address);
    const hash = await this.#passwords.hash(newPassword);
    await this.#codes.db.transaction().execute(async (trx) => {
      if (!(await this.#codes.use(trx, row.id))) throw new AppError("invalid_argument", INVALID);
      await this.#users.setPassword(trx, row.userId, hash);
      await this.#sessions.end(trx, row.userId, "all", "reset"); // whoever knew the old password is out
      await this.#sessions.passwordChanged(
        trx,
        { id: row.userId, email: row.email, locale: row.locale },
        true,
      );
    });
    this.#sessions.kick();
  }
}
