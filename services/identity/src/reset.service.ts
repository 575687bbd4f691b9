import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import type { Client } from "@connectrpc/connect";
import { AppError, type Logger } from "@dirabot/platform";
import type { TelegramService } from "@dirabot/proto/telegram/v1/telegram_pb.js";
import { hashPassword } from "./passwords.ts";
import type { ResetRepo, ResetRow } from "./reset.repo.ts";
import { checkPassword } from "./rules.ts";
import type { SessionEnds } from "./sessions.ts";
import type { UsersRepo } from "./users.repo.ts";

const VALID_MS = 15 * 60 * 1000;
const MAX_TRIES = 5;
const INVALID = "Invalid verification code";

/**
 * Password reset through the user's linked Telegram account: a 6-digit code and a link, both
 * single use for 15 minutes. Only keyed hashes are stored; comparisons take constant time.
 */
export class ResetService {
  #users: UsersRepo;
  #codes: ResetRepo;
  #telegram: Client<typeof TelegramService>;
  #key: string;
  #log: Logger;
  #sessions: SessionEnds;

  constructor(deps: {
    users: UsersRepo;
    codes: ResetRepo;
    sessions: SessionEnds;
    telegram: Client<typeof TelegramService>;
    secret: string;
    log: Logger;
  }) {
    this.#users = deps.users;
    this.#codes = deps.codes;
    this.#telegram = deps.telegram;
    this.#key = deps.secret;
    this.#log = deps.log;
    this.#sessions = deps.sessions;
  }

  #hash(kind: string, value: string): string {
    return createHmac("sha256", this.#key).update(`${kind}:${value}`).digest("hex");
  }

  #same(a: string, b: string): boolean {
    return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
  }

  async request(email: string, publicUrl: string): Promise<void> {
    const user = await this.#users.byEmail(email.trim());
    if (!user) return; // same answer for unknown emails
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const token = randomBytes(24).toString("base64url");
    await this.#codes.issue({
      id: randomUUID(),
      user_id: user.id,
      code_hash: this.#hash("code", code),
      token_hash: this.#hash("token", token),
      tries: 0,
      expires_at: new Date(Date.now() + VALID_MS),
    });
    const link = `${publicUrl}/resetpassword?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
    const text = `Your Dirabot password reset code: ${code}\n\nOr open this link to choose a new password:\n${link}\n\nBoth are valid for 15 minutes. If you did not ask for this, ignore this message.`;
    try {
      await this.#telegram.sendToUser({ userId: user.id, text });
    } catch (err) {
      // Not linked, or Telegram not configured: the answer stays the same (no account probing).
      this.#log.info({ err: String(err), userId: user.id }, "reset code not delivered");
    }
  }

  async #match(
    email: string,
    proof: { code?: string; token?: string },
  ): Promise<ResetRow & { userId: string }> {
    const user = await this.#users.byEmail(email.trim());
    const row = user ? await this.#codes.live(user.id) : undefined;
    if (!user || !row || row.tries >= MAX_TRIES) throw new AppError("invalid_argument", INVALID);
    const ok = proof.token
      ? this.#same(row.token_hash, this.#hash("token", proof.token))
      : this.#same(row.code_hash, this.#hash("code", (proof.code ?? "").trim()));
    if (!ok) {
      if (!proof.token) await this.#codes.wrongTry(row.id);
      throw new AppError("invalid_argument", INVALID);
    }
    return { ...row, userId: user.id };
  }

  async verify(email: string, code: string): Promise<void> {
    await this.#match(email, { code });
  }

  async reset(email: string, proof: { code?: string; token?: string }, newPassword: string): Promise<void> {
    checkPassword(newPassword, 8);
    const row = await this.#match(email, proof);
    const hash = await hashPassword(newPassword);
    await this.#codes.db.transaction().execute(async (trx) => {
      if (!(await this.#codes.use(trx, row.id))) throw new AppError("invalid_argument", INVALID);
      await this.#users.setPassword(trx, row.userId, hash);
      await this.#sessions.end(trx, row.userId, "all"); // whoever knew the old password is out
    });
    this.#sessions.kick();
  }
}
