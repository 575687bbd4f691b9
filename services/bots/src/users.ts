import type { ServiceContext } from "@dirabot/platform";
import {
  UserBanned,
  UserClaimed,
  UserDeleted,
  UserPlacesChanged,
  UserRegistered,
} from "@dirabot/proto/events";
import type { BotsRepo } from "./bots.repo.ts";
import type { BotsService } from "./bots.service.ts";
import type { BotsDb } from "./db.ts";

export const DEMO_EMAIL = "demo@example.com";

/**
 * `DEMO=1`: the demo user's bot, watching Tel Aviv neighbourhoods the demo listings fill
 * (services/listings/src/demo.ts places them at random points of Tel Aviv, Ramat Gan and
 * Givatayim). Its recent matches arrive through bot.created like any new bot's.
 */
export const DEMO_BOT = {
  bot_name: "Tel Aviv demo",
  description: "A demo bot watching central and north Tel Aviv",
  neighborhood_codes: [1520, 1461, 204, 1516, 317, 848, 206, 207, 215, 489],
  price_min: 3000,
  price_max: 15000,
  min_rooms: 1,
  merchant: null,
  active: true,
};

/**
 * What the bots do about accounts: a deleted user's bots go, and so do those of an account its
 * email's owner claims (whoever opened it with a password may have set them up, posting to
 * their own Telegram group); a banned user's are suspended (no matches, so nothing in the web
 * chat or a Telegram group) until the ban is lifted; the demo user gets its bot.
 */
export function registerUserEvents(ctx: ServiceContext<BotsDb>, bots: BotsService, repo: BotsRepo): void {
  const after = () => ctx.outbox.kick();
  ctx.consume({
    durable: "bots-on-user-deleted",
    event: UserDeleted,
    apply: (trx, e) => bots.deleteAllOf(trx, e.payload.userId),
    after,
  });
  ctx.consume({
    durable: "bots-on-user-claimed",
    event: UserClaimed,
    apply: (trx, e) => bots.deleteAllOf(trx, e.payload.userId),
    after,
  });
  ctx.consume({
    durable: "bots-on-user-banned",
    event: UserBanned,
    apply: async (trx, e) => {
      await repo.suspendOf(trx, e.payload.userId, e.payload.banned, e.occurredAt);
    },
  });
  ctx.consume({
    durable: "bots-on-user-places-changed",
    event: UserPlacesChanged,
    apply: (trx, e) =>
      bots.placesChanged(
        trx,
        e.payload.userId,
        Number(e.payload.version),
        e.payload.places.map((p) => ({ id: p.id, name: p.name, lat: p.lat, lon: p.lon })),
      ),
    after,
  });
  if (!ctx.settings.DEMO) return;
  ctx.consume({
    durable: "bots-demo-on-user-registered",
    event: UserRegistered,
    apply: async (trx, e) => {
      const { userId, email } = e.payload;
      if (email.toLowerCase() !== DEMO_EMAIL || (await repo.hasBots(trx, userId))) return;
      await bots.insert(trx, { ...DEMO_BOT, user_id: userId, chat_name: DEMO_BOT.bot_name });
    },
    after,
  });
}
