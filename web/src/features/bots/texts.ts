import type { BotArea } from "@dirabot/api";
import { formatNumber, formatPrice, formatRelative } from "../../i18n/format.ts";
import { currentLang, i18n, type Lang } from "../../i18n/index.ts";
import { joinPlaces, placeLabel } from "../../lib/places.ts";
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

// ---- what a bot watches and how it is doing, as its card says it

/** A card's state: working, waiting for its first areas (never shown as Active), or paused by its owner. */
export type BotState = "active" | "needsAreas" | "paused";

export function botState(bot: Pick<Bot, "isActive" | "neighborhoodCodes">): BotState {
  if (!bot.isActive) return "paused";
  return bot.neighborhoodCodes.length ? "active" : "needsAreas";
}

/** How many areas a card names before "+N". */
export const NAMED_AREAS = 2;

/** An area's own name without its city, in the reader's language ('Tel Aviv-Yafo - Florentin' → 'Florentin'). */
export function areaName(area: Pick<BotArea, "name" | "nameEn">, lang: Lang = currentLang()): string {
  const full = lang === "en" && area.nameEn ? area.nameEn : area.name;
  const at = full.indexOf(" - ");
  return placeLabel(at < 0 ? full : full.slice(at + 3));
}

/**
 * The areas a bot watches in two parts: the first two named ("Florentin, Neve Tzedek") and how
 * many more ("+3"), apart so a narrow card may shorten the names but never the count. Areas the
 * answer does not name are counted too; both '' without areas.
 */
export function areasParts(
  bot: Pick<Bot, "neighborhoodCodes" | "areas">,
  lang: Lang = currentLang(),
): { names: string; more: string } {
  const names = (bot.areas ?? [])
    .slice(0, NAMED_AREAS)
    .map((a) => areaName(a, lang))
    .filter(Boolean);
  const rest = bot.neighborhoodCodes.length - names.length;
  if (!names.length)
    return { names: rest > 0 ? i18n.t("bots:card.areaCount", { count: rest, lng: lang }) : "", more: "" };
  const more = rest > 0 ? i18n.t("bots:card.areasMore", { n: formatNumber(rest, lang), lng: lang }) : "";
  return { names: joinPlaces(names), more };
}

/** The areas in one line: "Florentin, Neve Tzedek +3". */
export function areasSummary(
  bot: Pick<Bot, "neighborhoodCodes" | "areas">,
  lang: Lang = currentLang(),
): string {
  const { names, more } = areasParts(bot, lang);
  return more ? `${names} ${more}` : names;
}

/** The price band: "₪3,000 – ₪7,000". */
export function priceBand(bot: Pick<Bot, "priceLimit">, lang: Lang = currentLang()): string {
  const [min, max] = bot.priceLimit;
  return i18n.t("bots:card.priceBand", {
    min: formatPrice(min, lang),
    max: formatPrice(max, lang),
    lng: lang,
  });
}

/** The minimum rooms: "2+ rooms". */
export function roomsLine(bot: Pick<Bot, "rooms">, lang: Lang = currentLang()): string {
  return i18n.t("bots:card.rooms", { count: bot.rooms, lng: lang });
}

/** "Last match 12 minutes ago", or "No matches yet". */
export function lastMatchLine(bot: Pick<Bot, "lastMatchAt">, now: Date, lang: Lang = currentLang()): string {
  const when = formatRelative(bot.lastMatchAt, now, lang);
  return when
    ? i18n.t("bots:card.lastMatch", { when, lng: lang })
    : i18n.t("bots:card.noMatches", { lng: lang });
}

/** "3 this week". */
export function weekLine(bot: Pick<Bot, "matchesThisWeek">, lang: Lang = currentLang()): string {
  const count = bot.matchesThisWeek ?? 0;
  return i18n.t("bots:card.thisWeek", { count, n: formatNumber(count, lang), lng: lang });
}
