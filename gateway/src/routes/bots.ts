import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { Client } from "@connectrpc/connect";
import {
  BotListQuery,
  CreateBotBody,
  botRoutes as contract,
  GroupCodeQuery,
  UpdateBotBody,
  VerifyCodeQuery,
} from "@dirabot/api";
import { AppError } from "@dirabot/platform";
import type { Bot, BotsService } from "@dirabot/proto/bots/v1/bots_pb.js";
import type { ChatService } from "@dirabot/proto/chat/v1/chat_pb.js";
import type { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import type { TelegramService } from "@dirabot/proto/telegram/v1/telegram_pb.js";
import type Router from "@koa/router";
import { requireAppRequest } from "../auth/app-request.ts";
import { requireUser } from "../auth/session.ts";
import { body, parse } from "../body.ts";
import type { ApiDoc } from "../openapi.ts";
import { type Acting, actingUser, callAs, getUser, lookUpUsers, personJson } from "./actor.ts";
import { choices, GROUP_BOT, searchOf, updateOf } from "./bot-fields.ts";
import { botJson } from "./bot-json.ts";

interface Deps {
  bots: Client<typeof BotsService>;
  chat: Client<typeof ChatService>;
  identity: Client<typeof IdentityService>;
  telegram: Client<typeof TelegramService>;
}

/** /api/requests: bots, their settings and their Telegram group codes. Registered after the neighbourhood routes. */
export function botRoutes(router: Router, deps: Deps, doc: ApiDoc): void {
  // The fixed paths before /api/requests/:id, which would take them.
  createRoute(router, deps, doc);
  listRoutes(router, deps, doc);
  groupRoutes(router, deps, doc);
  oneBotRoutes(router, deps, doc);
}

/** The creator of a bot: the caller for their own, else looked up (an admin at another's bot). */
async function json(identity: Deps["identity"], bot: Bot | undefined, me: Acting) {
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
  { bots, chat }: Deps,
  me: Acting,
  fields: {
    botName: string;
    description: string;
    telegramChatId?: string;
    chatName?: string;
    search?: ReturnType<typeof searchOf>;
  } & Partial<ReturnType<typeof choices>>,
) {
  const { bot } = await bots.createBot(fields, me.call);
  if (bot) await chat.createChat({ botId: bot.id }, me.call).catch(() => undefined);
  return bot;
}

function createRoute(router: Router, deps: Deps, doc: ApiDoc): void {
  doc.add(contract.create);
  router.post("/api/requests/website-create", requireUser, async (k) => {
    const me = actingUser(k);
    const b = await body(k, CreateBotBody);
    const bot = await createWithChat(deps, me, {
      botName: b.botName,
      description: b.description ?? "",
      ...choices(b),
      search: searchOf(b),
    });
    k.status = 201;
    k.body = await json(deps.identity, bot, me);
  });
}

function listRoutes(router: Router, deps: Deps, doc: ApiDoc): void {
  doc.add(contract.list);
  router.get("/api/requests", requireUser, async (k) => {
    const me = actingUser(k);
    const { all } = parse(BotListQuery, k.query);
    if (all && !me.actor.admin) throw new AppError("permission_denied", "Admin access required");
    k.body = await botListJson(deps, me, all);
  });

  doc.add(contract.count);
  router.get("/api/requests/count", requireUser, async (k) => {
    const c = await deps.bots.countBots({}, callAs(k));
    k.body = { count: c.count, createdLastDay: c.createdLastDay };
  });
}

function groupRoutes(router: Router, deps: Deps, doc: ApiDoc): void {
  const { bots, telegram } = deps;
  doc.add(contract.groupCode);
  router.get("/api/requests/group-code", requireUser, async (k) => {
    const { code } = parse(GroupCodeQuery, k.query);
    const group = await telegram.lookUpGroupCode({ code }, callAs(k));
    k.body = {
      chatName: group.chatTitle,
      expiresAt: (group.expiresAt ? timestampDate(group.expiresAt) : new Date()).toISOString(),
    };
  });

  // Creates a bot posting to a group: the wizard calls it once the person confirmed the group and
  // chose what it watches. The code is spent only once the bots service accepted the search.
  doc.add(contract.verifyCode);
  router.get("/api/requests/verifycode", requireUser, requireAppRequest, async (k) => {
    const me = actingUser(k);
    const q = parse(VerifyCodeQuery, k.query);
    const search = searchOf(q);
    if (search)
      await bots.createBot({ botName: GROUP_BOT, description: "", search, validateOnly: true }, me.call);
    const group = await telegram.redeemGroupCode({ code: q.code }, me.call);
    const bot = await createWithChat(deps, me, {
      botName: group.chatTitle || GROUP_BOT,
      description: "",
      telegramChatId: group.chatId,
      chatName: group.chatTitle,
      search,
    });
    k.body = await json(deps.identity, bot, me);
  });
}

function oneBotRoutes(router: Router, { bots, identity }: Deps, doc: ApiDoc): void {
  doc.add(contract.get);
  router.get("/api/requests/:id", requireUser, async (k) => {
    const me = actingUser(k);
    const { bot } = await bots.getBot({ id: k.params.id ?? "" }, me.call);
    k.body = await json(identity, bot, me);
  });

  doc.add(contract.update);
  router.patch("/api/requests/:id", requireUser, async (k) => {
    const me = actingUser(k);
    const f = await body(k, UpdateBotBody);
    const { bot } = await bots.updateBot(updateOf(k.params.id ?? "", f), me.call);
    k.body = await json(identity, bot, me);
  });

  // JSON, not 204: the web app treats a success without a JSON body as a failure.
  doc.add(contract.remove);
  router.delete("/api/requests/:id", requireUser, async (k) => {
    await bots.deleteBot({ id: k.params.id ?? "" }, callAs(k));
    k.body = { success: true };
  });
}

/**
 * GET /api/requests' answer for the signed-in caller `me`: their bots, or with `all` (admins)
 * everyone's, each with its creator. Also what My Bots' page carries when the gateway draws it
 * (pages.ts).
 */
export async function botListJson(
  deps: { bots: Client<typeof BotsService>; identity: Client<typeof IdentityService> },
  me: Acting,
  all = false,
): Promise<ReturnType<typeof botJson>[]> {
  const r = await deps.bots.listBots({ all }, me.call);
  const others = r.bots.map((b) => b.userId).filter((id) => id !== me.user.id);
  const owners = others.length ? await lookUpUsers(deps.identity, me.call, others) : new Map();
  owners.set(me.user.id, me.user);
  return r.bots.map((b) => {
    const owner = owners.get(b.userId);
    return botJson(b, owner ? personJson(owner) : null);
  });
}
