import type { Client } from "@connectrpc/connect";
import { AppError } from "@dirabot/platform";
import type { Bot, BotsService } from "@dirabot/proto/bots/v1/bots_pb.js";
import type { ChatService } from "@dirabot/proto/chat/v1/chat_pb.js";
import type { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import type { TelegramService } from "@dirabot/proto/telegram/v1/telegram_pb.js";
import type Router from "@koa/router";
import * as z from "zod";
import { requireUser } from "../auth/session.ts";
import { body, parse } from "../body.ts";
import type { ApiDoc } from "../openapi.ts";
import { actorOf, callAs, getUser, lookUpUsers, personJson } from "./actor.ts";
import { botJson } from "./bot-json.ts";

const INT32 = 2_147_483_647;
// A malformed form gets the spec's message for that field (SPEC.md §5); the rules are the service's.
const AREAS = "Please select at least one area";
const ROOMS = "Please set a valid number of rooms (1-10)";
const PRICE = "Please set a valid price range";
const int32 = (msg: string) =>
  z
    .number({ error: msg })
    .int(msg)
    .min(-INT32 - 1, msg)
    .max(INT32, msg);

const Create = z.object({
  botName: z.string({ error: "Bot name is required" }),
  description: z.string({ error: "description must be text" }).optional(),
});

/** The settings dialog's form; it sends the whole bot, so other fields (_id, chatName…) are ignored. */
const Update = z.object({
  isActive: z.boolean({ error: "isActive must be true or false" }),
  neighborhoodCodes: z.array(int32(AREAS), { error: AREAS }).max(5000, AREAS),
  priceLimit: z.tuple([int32(PRICE), int32(PRICE)], { error: PRICE }),
  rooms: int32(ROOMS),
  merchant: z
    .literal(false, { error: "merchant must be false (private listings only) or null (all listings)" })
    .nullable()
    .optional(),
  botName: z.string({ error: "botName must be text" }).optional(),
  description: z.string({ error: "description must be text" }).optional(),
});

const Verify = z.object({
  code: z
    .string({ error: "Code must be exactly 6 characters" })
    .trim()
    .length(6, "Code must be exactly 6 characters"),
});

const List = z.object({
  all: z
    .enum(["true", "false"], { error: "all must be true or false" })
    .optional()
    .transform((v) => v === "true"),
});

/** /api/requests: the caller's bots (SPEC.md §7 Requests). Registered after the neighbourhood routes. */
export function botRoutes(
  router: Router,
  deps: {
    bots: Client<typeof BotsService>;
    chat: Client<typeof ChatService>;
    identity: Client<typeof IdentityService>;
    telegram: Client<typeof TelegramService>;
  },
  doc: ApiDoc,
): void {
  const { bots, chat, identity, telegram } = deps;

  /** The creator of a bot: the caller for their own, else looked up (an admin at another's bot). */
  async function json(bot: Bot | undefined, me: ReturnType<typeof actorOf>) {
    if (!bot) throw new AppError("internal", "The bots service answered without a bot");
    if (bot.userId === me.user.id) return botJson(bot, personJson(me.user));
    const owner = await getUser(identity, bot.userId);
    return botJson(bot, owner ? personJson(owner) : null);
  }

  /**
   * Creates the caller's bot and opens its chat. The chat service opens it from bot.created as
   * well; opening it here too means the client can join and read it the moment the answer
   * arrives. If chat is down, the event still opens it later, so the bot is not refused for that.
   */
  async function createWithChat(
    me: ReturnType<typeof actorOf>,
    fields: { botName: string; description: string; telegramChatId?: string; chatName?: string },
  ) {
    const { bot } = await bots.createBot(fields, me.call);
    if (bot) await chat.createChat({ botId: bot.id }, me.call).catch(() => undefined);
    return bot;
  }

  doc.add("post", "/api/requests/website-create", "Create a bot (and its chat) for the caller", {
    201: "bot",
    400: "Bot name is required",
    401: "Not signed in",
  });
  router.post("/api/requests/website-create", requireUser, async (k) => {
    const me = actorOf(k);
    const b = await body(k, Create);
    const bot = await createWithChat(me, { botName: b.botName, description: b.description ?? "" });
    k.status = 201;
    k.body = await json(bot, me);
  });

  doc.add("get", "/api/requests", "The caller's bots; ?all=true every user's (admins)", {
    200: "bot[]",
    400: "A malformed query",
    401: "Not signed in",
    403: "all=true is for admins",
  });
  router.get("/api/requests", requireUser, async (k) => {
    const me = actorOf(k);
    const { all } = parse(List, k.query);
    if (all && !me.actor.admin) throw new AppError("permission_denied", "Admin access required");
    const r = await bots.listBots({ all }, me.call);
    const others = r.bots.map((b) => b.userId).filter((id) => id !== me.user.id);
    const owners = others.length ? await lookUpUsers(identity, me.call, others) : new Map();
    owners.set(me.user.id, me.user);
    k.body = r.bots.map((b) => {
      const owner = owners.get(b.userId);
      return botJson(b, owner ? personJson(owner) : null);
    });
  });

  doc.add(
    "get",
    "/api/requests/count",
    "How many bots (all for admins, own for users) and new in the last day",
    {
      200: "{count, createdLastDay}",
      401: "Not signed in",
    },
  );
  router.get("/api/requests/count", requireUser, async (k) => {
    const c = await bots.countBots({}, callAs(k));
    k.body = { count: c.count, createdLastDay: c.createdLastDay };
  });

  doc.add(
    "get",
    "/api/requests/verifycode",
    "Redeem a Telegram group's /register code: creates the caller's bot for that group (chatId = the group's id, chatName = its title) with its web chat",
    { 200: "bot", 400: "A malformed, unknown, expired or used code", 401: "Not signed in" },
  );
  router.get("/api/requests/verifycode", requireUser, async (k) => {
    const me = actorOf(k);
    const { code } = parse(Verify, k.query);
    const group = await telegram.redeemGroupCode({ code }, me.call);
    const bot = await createWithChat(me, {
      botName: group.chatTitle || "Telegram group",
      description: "",
      telegramChatId: group.chatId,
      chatName: group.chatTitle,
    });
    k.body = await json(bot, me);
  });

  doc.add("get", "/api/requests/:id", "One bot", { 200: "bot", 401: "Not signed in", 404: "No such bot" });
  router.get("/api/requests/:id", requireUser, async (k) => {
    const me = actorOf(k);
    const { bot } = await bots.getBot({ id: k.params.id ?? "" }, me.call);
    k.body = await json(bot, me);
  });

  doc.add(
    "patch",
    "/api/requests/:id",
    "Save the settings dialog: {isActive, neighborhoodCodes, priceLimit:[min,max], rooms, merchant: false|null, botName?, description?}",
    { 200: "bot", 400: "The spec's validation message", 401: "Not signed in", 404: "No such bot" },
  );
  router.patch("/api/requests/:id", requireUser, async (k) => {
    const me = actorOf(k);
    const f = await body(k, Update);
    const { bot } = await bots.updateBot(
      {
        id: k.params.id ?? "",
        botName: f.botName,
        description: f.description,
        active: f.isActive,
        neighborhoodCodes: f.neighborhoodCodes,
        priceMin: f.priceLimit[0],
        priceMax: f.priceLimit[1],
        minRooms: f.rooms,
        // null and absent both mean "all listings" (the proto's unset).
        merchant: f.merchant ?? undefined,
      },
      me.call,
    );
    k.body = await json(bot, me);
  });

  // JSON, not 204: the client treats a non-JSON success as a failure (SPEC.md §7).
  doc.add("delete", "/api/requests/:id", "Delete a bot and its chat", {
    200: "{success: true}",
    401: "Not signed in",
    404: "No such bot",
  });
  router.delete("/api/requests/:id", requireUser, async (k) => {
    await bots.deleteBot({ id: k.params.id ?? "" }, callAs(k));
    k.body = { success: true };
  });
}
