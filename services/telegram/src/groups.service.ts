import { AppError } from "@dirabot/platform";
import { flatGreeting, whatsAppHref } from "@dirabot/platform/contact";
import type { BotMatch } from "@dirabot/proto/events/v1/matches_pb.js";
import type { Listing } from "@dirabot/proto/listings/v1/listings_pb.js";
import type { GroupCodeRow, GroupsRepo } from "./groups.repo.ts";
import { CODE_TTL_MS, type LinkButton, type Messenger, newCode } from "./links.service.ts";

// What the gateway shows when a code is refused (the web falls back to 'Verification failed').
export const GROUP_CODE_ERRORS = {
  format: "Code must be exactly 6 characters",
  unknown: "This code is not valid. Send /register in your Telegram group for a new one.",
  expired: "This code has expired. Send /register in your Telegram group for a new one.",
  used: "This code has already been used. Send /register in your Telegram group for a new one.",
} as const;
const GROUP_CODE = /^[A-Z2-9]{6}$/;

export interface Group {
  chatId: string;
  title: string;
}

/** `/register` codes of groups and the matches posted to them: the rules, no transport, no SQL. */
export class GroupsService {
  #repo: GroupsRepo;
  #tg: Messenger;
  #publicUrl: string;
  constructor(repo: GroupsRepo, messenger: Messenger, publicUrl: string) {
    this.#repo = repo;
    this.#tg = messenger;
    this.#publicUrl = publicUrl;
  }

  /** A fresh 6-character code for the group, valid 15 minutes. */
  async createCode(group: Group): Promise<{ code: string; url: string }> {
    const expiresAt = new Date(Date.now() + CODE_TTL_MS);
    let code = newCode(6);
    const row = { chat_id: group.chatId, chat_title: group.title, expires_at: expiresAt };
    while (!(await this.#repo.insertCode({ code, ...row }))) code = newCode(6);
    await this.#repo.pruneCodes();
    return { code, url: `${this.#publicUrl}/bots?code=${code}` };
  }

  /**
   * The group behind a code, for the user who entered it. Once used it belongs to that user:
   * they may redeem it again (a retried request), nobody else may.
   */
  async redeem(raw: string, userId: string): Promise<Group> {
    const code = codeOf(raw, userId);
    return this.#repo.db.transaction().execute(async (trx) => {
      const row = await this.#repo.codeForUpdate(trx, code);
      usable(row, userId);
      if (!row.used_at) await this.#repo.markUsed(trx, code, userId);
      return group(row);
    });
  }

  /**
   * The group a code would add a bot to, refused as redeem would refuse it, and the code left
   * as it was: the add-bot wizard shows the group before the person confirms.
   */
  async lookUp(raw: string, userId: string): Promise<Group & { expiresAt: Date }> {
    const row = await this.#repo.code(codeOf(raw, userId));
    usable(row, userId);
    return { ...group(row), expiresAt: row.expires_at };
  }
  /**
   * Posts a match to the bot's group, once. No transaction is held across the send (on the
   * embedded database one open transaction stalls every service): the ledger row is claimed,
   * the message sent, the row marked sent. A failed send throws and the redelivery sends again; a
   * redelivery after the send finds the row sent. Telegram refusing the group (the bot was
   * removed, the group is gone) is final: reported, marked, not retried.
   */
  async postMatch(listing: Listing, m: BotMatch, onRefused: (err: unknown) => void): Promise<void> {
    if (!m.telegramChatId || !this.#tg.configured) return;
    const post = { bot_id: m.botId, listing_id: listing.id, user_id: m.userId };
    if (!(await this.#repo.claimPost(post))) return;
    try {
      const story = `${this.#publicUrl}/chats/${m.chatId}?story=${encodeURIComponent(listing.id)}`;
      await this.#tg.send(m.telegramChatId, matchText(m.botName, listing, story, m.distances), {
        buttons: matchButtons(listing, story),
      });
    } catch (err) {
      if (!(err instanceof AppError && err.code === "failed_precondition")) throw err;
      onRefused(err);
    }
    await this.#repo.markSent(post.bot_id, post.listing_id);
  }
}

/**
 * A match as the group reads it: the bot, where, how far from the places its distance conditions
 * name ("2.1 km from Work"), the figures, the source and the web chat.
 */
export function matchText(
  botName: string,
  l: Listing,
  chatUrl: string,
  distances: { placeName: string; km: number }[] = [],
): string {
  const place = l.location || [l.neighborhood, l.city].filter(Boolean).join(", ") || "Property";
  const figures: string[] = [];
  if (l.rooms !== undefined) figures.push(`${l.rooms} ${l.rooms === 1 ? "room" : "rooms"}`);
  if (l.size !== undefined) figures.push(`${l.size} m²`);
  if (l.floor !== undefined) figures.push(`floor ${l.floor}`);
  if (l.price) figures.push(`₪${l.price.toLocaleString("en-US")}`);
  const lines = [`🏠 ${botName}: a new listing`, place];
  if (distances.length)
    lines.push(`📍 ${distances.map((d) => `${d.km.toFixed(1)} km from ${d.placeName}`).join(" · ")}`);
  if (figures.length) lines.push(figures.join(" · "));
  // Telegram's URL buttons cannot dial: the number is in the text, where it can be tapped.
  if (l.phone.trim()) lines.push(`📞 ${l.phone.trim()}`);
  if (l.link) lines.push(l.link);
  lines.push(`Open in Dirabot: ${chatUrl}`);
  return lines.join("\n");
}

/** A group match's buttons: the flat's story in the web chat, and WhatsApp for a mobile. */
export function matchButtons(l: Listing, storyUrl: string): LinkButton[] {
  const place = [l.street.trim(), l.neighborhood.trim()].filter(Boolean).join(", ");
  const price = l.price ? `₪${l.price.toLocaleString("en-US")}` : "";
  const whatsApp = whatsAppHref(l.phone, flatGreeting("en", place, price));
  return [
    { text: "Open in Dirabot", url: storyUrl },
    ...(whatsApp ? [{ text: "WhatsApp", url: whatsApp }] : []),
  ];
}

function codeOf(raw: string, userId: string): string {
  if (!userId.trim()) throw new AppError("invalid_argument", "user_id is required");
  const code = raw.trim().toUpperCase();
  if (!GROUP_CODE.test(code)) throw new AppError("invalid_argument", GROUP_CODE_ERRORS.format);
  return code;
}

/** Refuses a code this user may not take: unknown, expired, or another user's. */
function usable(row: GroupCodeRow | undefined, userId: string): asserts row is GroupCodeRow {
  if (!row) throw new AppError("invalid_argument", GROUP_CODE_ERRORS.unknown);
  if (row.used_at) {
    if (row.used_by === userId) return;
    throw new AppError("invalid_argument", GROUP_CODE_ERRORS.used);
  }
  if (row.expires_at.getTime() <= Date.now())
    throw new AppError("invalid_argument", GROUP_CODE_ERRORS.expired);
}

const group = (row: GroupCodeRow): Group => ({ chatId: row.chat_id, title: row.chat_title });
