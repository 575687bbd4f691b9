import { randomInt, timingSafeEqual } from "node:crypto";
import { AppError, type Locale, localeOr } from "@dirabot/platform";
import type { LinkUndo } from "./link-undo.ts";
import type { LinkRow, LinksRepo } from "./links.repo.ts";

/** What the rules need from Telegram; the grammY bot in production, nothing else knows grammY. */
export interface Messenger {
  readonly configured: boolean;
  /** The bot's @username (without @), or "" when unknown. */
  botUsername(): Promise<string>;
  send(chatId: string, text: string, extras?: SendExtras): Promise<void>;
}

/** What may go with a text: a photo (its caption is the text) and link buttons. */
export interface SendExtras {
  photoUrl?: string;
  button?: LinkButton;
  /** More buttons, in one row after `button`. */
  buttons?: LinkButton[];
}

export interface LinkButton {
  text: string;
  url: string;
}

/** A row of buttons stays readable on a phone. */
export const MAX_BUTTONS = 3;

export type Redeemed = "linked" | "unknown" | "expired" | "used";

export const CODE_TTL_MS = 15 * 60_000;
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // base32 without look-alikes (I, O, 0, 1)
const CODE = /^[A-Z2-9]{8}$/;
const MAX_TEXT = 4096; // Telegram's limit for one message

/** A random code of the look-alike-free alphabet: 8 characters for links, 6 for groups. */
export function newCode(length = 8): string {
  let code = "";
  for (let i = 0; i < length; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

const sameCode = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function checkUserId(userId: string): string {
  if (!userId.trim()) throw new AppError("invalid_argument", "user_id is required");
  return userId;
}

/** Link codes, links and sends: the rules, with no transport and no SQL. */
export class LinksService {
  #repo: LinksRepo;
  #tg: Messenger;
  #undo: LinkUndo;
  #kickNotices: () => void;
  constructor(repo: LinksRepo, messenger: Messenger, undo: LinkUndo, kickNotices: () => void) {
    this.#repo = repo;
    this.#tg = messenger;
    this.#undo = undo;
    this.#kickNotices = kickNotices;
  }

  /** A link code for the user; `account` names the account to a chat the link will replace. */
  async createCode(
    userId: string,
    account = "",
    locale = "",
  ): Promise<{ code: string; url: string; expiresAt: Date }> {
    checkUserId(userId);
    const expiresAt = new Date(Date.now() + CODE_TTL_MS);
    const named = account.trim().slice(0, 254);
    let code = newCode();
    const row = { user_id: userId, expires_at: expiresAt, account: named, locale: localeOr(locale) };
    while (!(await this.#repo.insertCode({ ...row, code }))) code = newCode();
    await this.#repo.pruneCodes();
    // Without a token (or before getMe answers) the link has no bot name; the code still works.
    const bot = await this.#tg.botUsername();
    return { code, url: `https://t.me/${bot}?start=${code}`, expiresAt };
  }

  /** The owner ends the link from the profile: the chat hears nothing more, its codes go too. */
  async unlink(userId: string): Promise<boolean> {
    checkUserId(userId);
    const had = Boolean(await this.#repo.link(userId));
    await this.#repo.db.transaction().execute((trx) => this.#repo.forget(trx, userId));
    return had;
  }

  async getLink(userId: string): Promise<LinkRow | undefined> {
    return this.#repo.link(checkUserId(userId));
  }

  /**
   * `/start <code>` from a chat: links it to the code's user once, within 15 minutes. A link that
   * replaces another chat tells that chat, which may undo it (link-undo.ts).
   */
  async redeem(
    raw: string,
    chat: { chatId: string; username: string; name: string },
  ): Promise<{ outcome: Redeemed; locale?: Locale }> {
    const code = raw.trim().toUpperCase();
    if (!CODE.test(code)) return { outcome: "unknown" };
    let locale: Locale | undefined;
    const outcome = await this.#repo.db.transaction().execute(async (trx) => {
      const row = await this.#repo.codeForUpdate(trx, code);
      if (!row || !sameCode(row.code, code)) return "unknown";
      if (row.used_at) return "used";
      if (row.expires_at.getTime() <= Date.now()) return "expired";
      locale = localeOr(row.locale);
      const previous = await this.#repo.linkForUpdate(trx, row.user_id);
      await this.#repo.markUsed(trx, code);
      await this.#repo.upsertLink(trx, {
        user_id: row.user_id,
        chat_id: chat.chatId,
        username: chat.username,
        name: chat.name,
      });
      if (previous && previous.chat_id !== chat.chatId) {
        await this.#undo.offer(trx, previous, row.account, chat, locale);
        return "replaced";
      }
      return "linked";
    });
    if (outcome !== "replaced") return { outcome, locale };
    this.#kickNotices();
    return { outcome: "linked", locale };
  }

  /** A code that was seen where others can read it: it can no longer link anything. */
  async burn(raw: string): Promise<void> {
    const code = raw.trim().toUpperCase();
    if (CODE.test(code)) await this.#repo.burnCode(code);
  }

  async send(userId: string, text: string, extras: SendExtras = {}): Promise<void> {
    checkUserId(userId);
    if (!text.trim()) throw new AppError("invalid_argument", "Text is required");
    if (text.length > MAX_TEXT)
      throw new AppError("invalid_argument", `Text is longer than ${MAX_TEXT} characters`);
    if (extras.photoUrl !== undefined && !isWebAddress(extras.photoUrl))
      throw new AppError("invalid_argument", "photo_url must be an http(s) address");
    const buttons = [...(extras.button ? [extras.button] : []), ...(extras.buttons ?? [])];
    if (buttons.length > MAX_BUTTONS)
      throw new AppError("invalid_argument", `At most ${MAX_BUTTONS} buttons go with a message`);
    for (const { text: label, url } of buttons) {
      if (!label.trim() || label.length > 64)
        throw new AppError("invalid_argument", "A button needs a label of 1 to 64 characters");
      if (!isWebAddress(url))
        throw new AppError("invalid_argument", "A button's url must be an http(s) address");
    }
    if (!this.#tg.configured) throw new AppError("failed_precondition", "Telegram is not configured");
    const link = await this.#repo.link(userId);
    if (!link) throw new AppError("not_found", "No Telegram account is linked");
    await this.#tg.send(link.chat_id, text, extras);
  }
}

function isWebAddress(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === "https:" || u.protocol === "http:") && value.length <= 2048;
  } catch {
    return false;
  }
}
