import * as z from "zod";
import { route } from "./contract.ts";
import { TELEGRAM_MESSAGES } from "./messages.ts";
import { count, instant, maybeInstant, queryText } from "./query.ts";
import { Person } from "./users.ts";

// The operators' side: Telegram messaging, the scrapers' status and figures, health, the document itself.

/** A Telegram message as the admin screens show it, and why it failed. */
export const TelegramMessage = z
  .strictObject({
    _id: z.string(),
    type: z.enum(["broadcast", "direct", "received"]),
    status: z.enum(["pending", "sent", "failed"]),
    content: z.string(),
    chatId: z.string().nullable(),
    chatName: z.string(),
    sentAt: maybeInstant,
    error: z.string().nullable(),
    senderName: z.string().nullable(),
    /** A broadcast: how many chats it goes to, and how its deliveries stand. */
    recipients: z
      .strictObject({
        total: z.number().int(),
        pending: z.number().int(),
        sent: z.number().int(),
        failed: z.number().int(),
      })
      .nullable(),
  })
  .meta({ id: "TelegramMessage" });
export type TelegramMessage = z.infer<typeof TelegramMessage>;

/** A chat the bot knows; a linked account's without a Telegram name takes its user's. */
export const TelegramChat = z
  .strictObject({
    chatId: z.string(),
    chatName: z.string(),
    type: z.enum(["private", "group"]),
    user: Person.nullable(),
    lastMessage: TelegramMessage.nullable(),
  })
  .meta({ id: "TelegramChat" });
export type TelegramChat = z.infer<typeof TelegramChat>;

export const TelegramSent = z.strictObject({
  message: z.string(),
  telegramMessage: TelegramMessage.nullable(),
});
export type TelegramSent = z.infer<typeof TelegramSent>;
export const TelegramHistory = z.strictObject({
  messages: z.array(TelegramMessage),
  count: z.number().int(),
});
export type TelegramHistory = z.infer<typeof TelegramHistory>;
export const TelegramChatHistory = TelegramHistory.extend({ chat: TelegramChat.nullable() });
export type TelegramChatHistory = z.infer<typeof TelegramChatHistory>;

/** `{count, medianSeconds, p95Seconds}` per window; the delays are null while nothing was counted. */
export const Freshness = z
  .strictObject({
    count: z.number().int(),
    medianSeconds: z.number().nullable(),
    p95Seconds: z.number().nullable(),
  })
  .meta({ id: "Freshness" });
export type Freshness = z.infer<typeof Freshness>;
const Windows = { lastHour: Freshness, lastDay: Freshness };

export const SourceStatus = z
  .strictObject({
    name: z.string(),
    state: z.string(),
    lastRunAt: maybeInstant,
    lastSuccessAt: maybeInstant,
    lastError: z.string().nullable(),
    itemsLastRun: z.number().int(),
    nextRunAt: maybeInstant,
    freshness: z.strictObject(Windows),
  })
  .meta({ id: "SourceStatus" });
export type SourceStatus = z.infer<typeof SourceStatus>;

const RunTotals = z.strictObject({
  runs: z.number().int(),
  failedRuns: z.number().int(),
  seen: z.number().int(),
  new: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
  capSplits: z.number().int(),
  capped: z.number().int(),
});
/** The scraped sources, by the names their checks and figures use. */
export const SourceName = z.enum(["yad2-scraper", "yad2-cleaner", "facebook-scraper"]);
export const SourceFigures = z
  .strictObject({
    name: SourceName,
    title: z.string(),
    error: z.string().nullable(),
    lastHour: RunTotals,
    lastDay: RunTotals,
    /** to is null while the source is still blocked. */
    blocked: z.array(z.strictObject({ from: instant, to: maybeInstant, reason: z.string() })),
    freshness: z.strictObject({
      ...Windows,
      /** Which listings the figures are of (null: none, the cleaner brings no listings). */
      listings: z.enum(["yad2", "facebook"]).nullable(),
      available: z.boolean(),
      hourly: z.array(Freshness.extend({ hour: instant })),
    }),
  })
  .meta({ id: "SourceFigures" });
export const StatusFigures = z.strictObject({ measuredAt: z.string(), sources: z.array(SourceFigures) });
export type StatusFigures = z.infer<typeof StatusFigures>;

export const Health = z.strictObject({
  status: z.enum(["ok", "degraded"]),
  services: z.record(z.string(), z.enum(["serving", "not_serving", "unreachable"])),
  version: z.string(),
});

// ---- requests

const text = (error: string) => z.string({ error }).max(20_000, TELEGRAM_MESSAGES.tooLong);
export const BroadcastBody = z.object({ content: text(TELEGRAM_MESSAGES.empty) });
export const DirectBody = z.object({
  content: text(TELEGRAM_MESSAGES.directMissing),
  chatId: z
    .union([z.string(), z.number().int()], { error: TELEGRAM_MESSAGES.directMissing })
    .transform(String),
});
const TYPES = ["broadcast", "direct", "received"] as const;
export const TelegramHistoryQuery = z.object({
  limit: count("limit", 1, 100, 50),
  skip: count("skip", 0, 100_000_000, 0),
  type: z.preprocess(
    (v) => (v === undefined ? "" : v),
    z.enum(["", ...TYPES], { error: `type must be one of ${TYPES.join(", ")}` }),
  ),
});
export const TelegramChatQuery = z.object({
  limit: count("limit", 1, 100, 100),
  skip: count("skip", 0, 100_000_000, 0),
});
export const TelegramChatsQuery = z.object({
  search: queryText("search", 100),
  limit: count("limit", 1, 500, 100),
});

const denied = { 401: "Not signed in", 403: "Admin access required" };

export const adminRoutes = {
  broadcast: route({
    method: "post",
    path: "/api/telegram/broadcast",
    summary:
      "Broadcasts plain text to every linked account and registered group {content}: recorded; its deliveries go out in the background",
    body: BroadcastBody,
    responses: {
      201: TelegramSent,
      400: "Message cannot be empty, or longer than 4096 characters",
      ...denied,
      412: "Telegram is not configured, or there is no chat to send to",
    },
  }),
  direct: route({
    method: "post",
    path: "/api/telegram/direct",
    summary: "Sends Markdown to one chat as Telegram MarkdownV2 {content, chatId}",
    body: DirectBody,
    responses: {
      201: TelegramSent,
      400: "Message and chat selection are required, or the Markdown is invalid (the message says where)",
      ...denied,
      404: "The bot does not know this chat",
      412: "Telegram is not configured, or refused the chat (blocked, gone): recorded as failed",
      503: "Telegram failed or is unreachable: recorded as failed",
    },
  }),
  history: route({
    method: "get",
    path: "/api/telegram",
    summary: "The messaging history, newest first (?limit=50&skip=0&type=broadcast|direct|received)",
    query: TelegramHistoryQuery,
    responses: { 200: TelegramHistory, 400: "A bad limit, skip or type", ...denied },
  }),
  chats: route({
    method: "get",
    path: "/api/telegram/chats",
    summary: "The chats the bot knows, the most recently active first (?search&limit=100)",
    query: TelegramChatsQuery,
    responses: { 200: z.array(TelegramChat), 400: "A bad search or limit", ...denied },
  }),
  chat: route({
    method: "get",
    path: "/api/telegram/chat/:chatId",
    summary: "One chat's messages, oldest first: the newest `limit` (?limit=100&skip=0)",
    query: TelegramChatQuery,
    responses: {
      200: TelegramChatHistory,
      400: "A bad chat id, limit or skip",
      ...denied,
      404: "The bot does not know this chat",
    },
  }),
  status: route({
    method: "get",
    path: "/api/status",
    summary: "The scrapers' states, last runs and freshness (admins)",
    responses: { 200: z.array(SourceStatus), ...denied },
  }),
  figures: route({
    method: "get",
    path: "/api/status/figures",
    summary:
      "Per source: the last hour's and day's run figures, blocked periods, freshness per hour (admins)",
    responses: { 200: StatusFigures, ...denied },
  }),
  health: route({
    method: "get",
    path: "/api/health",
    session: "none",
    summary: "Readiness of the gateway and the services it reaches",
    responses: {
      200: Health.describe("All serving"),
      503: Health.describe("Some service is not serving yet"),
    },
  }),
  openapi: route({
    method: "get",
    path: "/api/openapi.json",
    summary: "This document (admins)",
    responses: { 200: z.record(z.string(), z.unknown()).describe("The OpenAPI 3.1 document"), ...denied },
  }),
} as const;

/** The scraped sources' checks, outside /api: GET (admins) shows an image, HEAD (public) the status. */
export function statusCheckRoutes(path: string, title: string) {
  const image = ["image/png", "image/jpeg", "image/webp", "image/svg+xml"];
  return [
    route({
      method: "get",
      path,
      summary: `${title} check (?t= ignored): an image while serving (admins)`,
      responses: {
        200: "PNG screenshot or SVG card",
        ...denied,
        503: "Offline or disabled (an SVG card); the reason in x-status-reason",
      },
      media: { 200: image, 503: ["image/svg+xml"] },
    }),
    route({
      method: "head",
      path,
      session: "none",
      summary: `${title} check (?t= ignored): public, the status code and reason`,
      responses: {
        200: "Serving",
        503: "Offline or disabled; x-status-reason says offline or disabled (admins: why)",
      },
      media: { 200: image, 503: ["image/svg+xml"] },
    }),
  ];
}
