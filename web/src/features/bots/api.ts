import { ApiError, api } from "../../lib/api.ts";

// The /api/requests calls of SPEC §7 (bots). The gateway speaks the spec's JSON shapes
// (gateway/src/routes/bot-json.ts); this file only names them.

export interface BotCreator {
  _id: string;
  firstname: string;
  lastname: string;
  fullname: string;
  email: string;
}

/** A bot request as SPEC §3 describes it. `merchant`: false = private listings only, null = all. */
export interface Bot {
  _id: string;
  chatName: string;
  chatId: string;
  botName: string;
  description: string;
  createdBy: BotCreator | null;
  createdAt: string | null;
  updatedAt: string | null;
  isActive: boolean;
  neighborhoodCodes: number[];
  priceLimit: [number, number];
  rooms: number;
  merchant: false | null;
  seenPosts: string[];
}

/** What the settings dialog saves (PATCH /api/requests/{id}). */
export interface BotPatch {
  isActive: boolean;
  neighborhoodCodes: number[];
  priceLimit: [number, number];
  rooms: number;
  merchant: false | null;
}

export interface NeighborhoodOption {
  code: number;
  name: string;
}

const path = (id: string) => `/api/requests/${encodeURIComponent(id)}`;

/** The caller's bots, or with `all` every user's (admins only). */
export const listBots = (all = false) => api.get<Bot[]>("/api/requests", all ? { all: true } : undefined);

export const updateBot = (id: string, patch: BotPatch) => api.patch<Bot>(path(id), patch);

export const deleteBot = (id: string) => api.delete<{ success: boolean }>(path(id));

export const listNeighborhoods = () => api.get<NeighborhoodOption[]>("/api/requests/neighborhoods");

const CANT_CREATE = "Cant create bot, please try again later";
const CREATION_FAILED = "Bot creation failed";

/**
 * Creates a bot through the website path. A refusal the server explains (4xx with a message, e.g.
 * a too long name) is shown as it is; anything else is the spec's 'Cant create bot…'; an answer
 * without a bot is 'Bot creation failed' (SPEC §8).
 */
export async function createBot(botName: string, description = ""): Promise<Bot> {
  let bot: Bot | undefined;
  try {
    bot = await api.post<Bot>("/api/requests/website-create", { botName: botName.trim(), description });
  } catch (error) {
    const explained = error instanceof ApiError && error.status >= 400 && error.status < 500;
    throw new Error(explained ? error.message : CANT_CREATE);
  }
  if (!bot?._id) throw new Error(CREATION_FAILED);
  return bot;
}

/**
 * Verifies a Telegram group's registration code (GET /verifycode) and returns the bot it
 * registered. Any failure is the spec's 'Verification failed'.
 */
export async function verifyCode(code: string): Promise<Bot> {
  try {
    const bot = await api.get<Bot>("/api/requests/verifycode", { code });
    if (bot?._id) return bot;
  } catch {
    // Falls through to the spec's message.
  }
  throw new Error("Verification failed");
}

export const botsKey = ["bots"] as const;
export const neighborhoodsKey = ["neighborhoods"] as const;
