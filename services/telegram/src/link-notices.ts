import type { Locale } from "@dirabot/platform";
import { BOT_TEXTS } from "./texts.ts";

/** What the bot tells a chat about its account's link, and its answers to an undo. */

export const UNDO_MS = 24 * 60 * 60_000;

/** `/undo_<code>` (one tap in Telegram) or `/undo <code>`, in the chat the code was sent to. */
export const UNDO_COMMAND = /^\/undo(?:_|\s+)([A-Za-z2-9]{8})(?:@\w+)?\s*$/;

/** A name for the Telegram chat that took the link: its @username, else its person's name. */
const chatName = (c: { username: string; name: string }, locale: Locale) =>
  c.username ? `@${c.username}` : c.name || BOT_TEXTS[locale].unnamedChat;

/** Sent to the chat a new link replaced, in the account's language. */
export function replacedNotice(
  account: string,
  by: { username: string; name: string },
  code: string,
  locale: Locale = "en",
): string {
  return BOT_TEXTS[locale].replaced(account, chatName(by, locale), code);
}

/** Sent to the linked chat when the account's password changes or is reset. */
export function passwordNotice(account: string, reset: boolean, locale: Locale = "en"): string {
  return BOT_TEXTS[locale].password(account, reset);
}

export type Undone = "undone" | "unknown" | "expired" | "used";

export const UNDO_REPLIES: Record<Undone, string> = BOT_TEXTS.en.undo;
