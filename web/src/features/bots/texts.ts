import { i18n } from "../../i18n/index.ts";
import type { Bot } from "./api.ts";

// What a bot card and the delete confirmation say, with their fallbacks when a name is missing,
// in the reader's language (the "bots" catalogue).

export function creatorName(bot: Pick<Bot, "createdBy">): string {
  const c = bot.createdBy;
  const name = c?.fullname?.trim() || [c?.firstname, c?.lastname].filter(Boolean).join(" ").trim();
  return name || c?.email || i18n.t("bots:card.unknownUser");
}

export function chatNameOf(bot: Pick<Bot, "chatName">): string {
  return bot.chatName?.trim() || i18n.t("bots:card.unknownChat");
}

/** The noun for a count: 1 'area', 0 or 3 'areas' (English only; the screens count through the catalogue). */
export function noun(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}

/** The delete question as plain text; the alert itself isolates the name (DeleteBotAlert). */
export function deleteQuestion(chatName: string): string {
  return i18n.t("bots:delete.question", { name: chatName });
}

/**
 * A text box's direction: its text's own once something is typed (a Hebrew name in an English
 * screen, or the other way), else the page's, so the placeholder reads in the page's direction.
 */
export const typedDir = (value: string): "auto" | undefined => (value ? "auto" : undefined);
