import type { Bot } from "./api.ts";

// What a bot card and the delete confirmation say, with their fallbacks when a name is missing.

export function creatorName(bot: Pick<Bot, "createdBy">): string {
  const c = bot.createdBy;
  const name = c?.fullname?.trim() || [c?.firstname, c?.lastname].filter(Boolean).join(" ").trim();
  return name || c?.email || "Unknown user";
}

export function chatNameOf(bot: Pick<Bot, "chatName">): string {
  return bot.chatName?.trim() || "Unknown chat name";
}

/** The noun for a count: 1 'area', 0 or 3 'areas'. */
export function noun(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}

export function deleteQuestion(chatName: string): string {
  return `Are you sure you want to delete the bot "${chatName}"? This action cannot be undone.`;
}
