import type {
  AcceptedInvite,
  Bot,
  BotMember,
  GroupCodeAnswer,
  Invite,
  Neighborhood,
  PriceBand,
  UpdateBotBody,
} from "@dirabot/api";
import { i18n } from "../../i18n/index.ts";
import { ApiError, api } from "../../lib/api.ts";

export type { Bot, Person as BotCreator, PriceBand } from "@dirabot/api";
export type NeighborhoodOption = Neighborhood;

// The /api/requests calls (bots), in the API contract's shapes.

/** The five settings of the form's Must Have and Also Send groups, as checkboxes. */
export interface BotChoices {
  safeRoom: boolean;
  parking: boolean;
  elevator: boolean;
  rooms: boolean;
  sublets: boolean;
}

/** A bot's choices as the form shows them (an older answer without them: none). */
export function choicesOf(bot: Pick<Bot, "filters" | "include">): BotChoices {
  return {
    safeRoom: bot.filters?.safeRoom === true,
    parking: bot.filters?.parking === true,
    elevator: bot.filters?.elevator === true,
    rooms: bot.include?.rooms === true,
    sublets: bot.include?.sublets === true,
  };
}

/** The choices as the API takes them. */
export function choicesBody(c: BotChoices): Pick<Bot, "filters" | "include"> {
  return {
    filters: { safeRoom: c.safeRoom || null, parking: c.parking || null, elevator: c.elevator || null },
    include: { rooms: c.rooms, sublets: c.sublets },
  };
}

/** What the settings dialog saves (PATCH /api/requests/{id}); filters or include left out: the stored choices stay. */
export type BotPatch = UpdateBotBody;
const path = (id: string) => `/api/requests/${encodeURIComponent(id)}`;

/** The caller's bots, or with `all` every user's (admins only). */
export const listBots = (all = false) => api.get<Bot[]>("/api/requests", all ? { all: true } : undefined);

export const updateBot = (id: string, patch: BotPatch) => api.patch<Bot>(path(id), patch);

export const deleteBot = (id: string) => api.delete<{ success: boolean }>(path(id));

export const listNeighborhoods = () => api.get<NeighborhoodOption[]>("/api/requests/neighborhoods");

// The fallbacks, read when they are thrown so they come in the reader's current language.
const CANT_CREATE = () => i18n.t("bots:api.cantCreate");
const CREATION_FAILED = () => i18n.t("bots:api.creationFailed");
const VERIFICATION_FAILED = () => i18n.t("bots:api.verificationFailed");

/** What a bot watches, sent with its creation (the wizard): it is live with it from the start. */
export type BotSearch = Pick<UpdateBotBody, "neighborhoodCodes" | "priceLimit" | "rooms" | "merchant">;

/** The price band of similar flats in these areas with at least `rooms` rooms (the wizard's default price). */
export const priceBand = (neighborhoodCodes: readonly number[], rooms: number) =>
  api.get<PriceBand>("/api/assets/price-band", { neighborhoodCodes: neighborhoodCodes.join(","), rooms });

/**
 * Creates a bot through the website path. A refusal the server explains (4xx with a message, e.g.
 * a too long name) is shown as it is; anything else is 'Cant create bot, please try again later'; an
 * answer without a bot is 'Bot creation failed'.
 */
export async function createBot(
  botName: string,
  description = "",
  choices?: BotChoices,
  search?: BotSearch,
): Promise<Bot> {
  let bot: Bot | undefined;
  try {
    bot = await api.post<Bot>("/api/requests/website-create", {
      botName: botName.trim(),
      description,
      ...(choices ? choicesBody(choices) : {}),
      ...search,
    });
  } catch (error) {
    throw explained(error, CANT_CREATE());
  }
  if (!bot?._id) throw new Error(CREATION_FAILED());
  return bot;
}

/** A refusal the server explains (4xx with a message) as it is; anything else as `fallback`. */
function explained(error: unknown, fallback: string): Error {
  const ok = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return new Error(ok ? error.message : fallback);
}

/** The Telegram group a /register code would add a bot to; the code stays unused (GET /group-code). */
export async function lookUpGroupCode(code: string): Promise<GroupCodeAnswer> {
  try {
    return await api.get<GroupCodeAnswer>("/api/requests/group-code", { code });
  } catch (error) {
    throw explained(error, VERIFICATION_FAILED());
  }
}

/** A search as GET /verifycode's query: lists comma-separated, merchant "false" or "null". */
export function searchQuery(s: BotSearch): Record<string, string | number> {
  return {
    neighborhoodCodes: s.neighborhoodCodes.join(","),
    priceLimit: s.priceLimit.join(","),
    rooms: s.rooms,
    merchant: s.merchant === false ? "false" : "null",
  };
}

/**
 * Redeems a Telegram group's registration code (GET /verifycode), once the person confirmed the
 * group and chose what it watches, and returns the bot it created, live with that search. A refusal
 * the server explains (an expired code, the bot limit, a search refused: the code then stays
 * unused) is shown as it is; any other failure is 'Verification failed'.
 */
export async function verifyCode(code: string, search?: BotSearch): Promise<Bot> {
  let bot: Bot | undefined;
  try {
    bot = await api.get<Bot>("/api/requests/verifycode", { code, ...(search ? searchQuery(search) : {}) });
  } catch (error) {
    throw explained(error, VERIFICATION_FAILED());
  }
  if (!bot?._id) throw new Error(VERIFICATION_FAILED());
  return bot;
}

export const neighborhoodsKey = ["neighborhoods"] as const;

// ---- shared bots

export type { AcceptedInvite, BotMember, Invite } from "@dirabot/api";

/**
 * A new invite link of the caller's bot (the owner, or a member the owner lets), valid 7 days;
 * with an e-mail only that account accepts it, and it is told in the product if it exists.
 */
export const createInvite = (id: string, email = "") =>
  api.post<Invite>(`${path(id)}/invites`, email ? { email } : {});

export const listMembers = (id: string) => api.get<BotMember[]>(`${path(id)}/members`);

/** The owner removes a member; a member removes themself (leaves). */
export const removeMember = (id: string, userId: string) =>
  api.delete<{ success: boolean }>(`${path(id)}/members/${encodeURIComponent(userId)}`);

export const acceptInvite = (token: string) =>
  api.post<AcceptedInvite>(`/api/invites/${encodeURIComponent(token)}/accept`, {});

/** One of the owner's switches: members may change the search, or invite. The form's other fields go as they are. */
export const setMemberSwitch = (bot: Bot, name: "membersMayEdit" | "membersMayInvite", on: boolean) =>
  updateBot(bot._id, {
    isActive: bot.isActive,
    neighborhoodCodes: bot.neighborhoodCodes,
    priceLimit: bot.priceLimit,
    rooms: bot.rooms,
    merchant: bot.merchant === false ? false : null,
    [name]: on,
  });
