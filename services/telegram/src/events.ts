import type { Bus, ConsumerSpec, Logger, Subscription } from "@dirabot/platform";
import { decodeEvent, localeOr } from "@dirabot/platform";
import { ListingMatched, PasswordChanged, UserClaimed, UserDeleted } from "@dirabot/proto/events";
import type { TelegramDb } from "./db.ts";
import type { GroupsRepo } from "./groups.repo.ts";
import type { GroupsService } from "./groups.service.ts";
import { passwordNotice } from "./link-notices.ts";
import type { LinksRepo } from "./links.repo.ts";
import type { NoticesRepo } from "./notices.repo.ts";

/** A deleted user's link, codes and group posts go with them (idempotent: deleting nothing is fine). */
export const onUserDeleted = (
  links: LinksRepo,
  groups: GroupsRepo,
): ConsumerSpec<typeof UserDeleted.schema, undefined, TelegramDb> => ({
  durable: "telegram-on-user-deleted",
  event: UserDeleted,
  apply: async (trx, event) => {
    await links.forget(trx, event.payload.userId);
    await groups.forget(trx, event.payload.userId);
  },
});

/**
 * An account claimed by its email's owner (identity's user.claimed): its Telegram link goes, and
 * with it the reset codes and messages the chat would get; whoever opened the account may have
 * linked their own. The owner links again from the profile.
 */
export const onUserClaimed = (
  links: LinksRepo,
): ConsumerSpec<typeof UserClaimed.schema, undefined, TelegramDb> => ({
  durable: "telegram-on-user-claimed",
  event: UserClaimed,
  apply: (trx, event) => links.forget(trx, event.payload.userId),
});

/**
 * A password changed or reset (identity's user.password_changed): every link code not yet
 * redeemed stops working (one made with the old password, or by whoever held a session then,
 * must not link a chat after it), and the linked chat is told, in case it was not its owner.
 * Idempotent through the inbox: the notice is queued once.
 */
export const onPasswordChanged = (
  links: LinksRepo,
  notices: NoticesRepo,
  kick: () => void,
): ConsumerSpec<typeof PasswordChanged.schema, undefined, TelegramDb> => ({
  durable: "telegram-on-password-changed",
  event: PasswordChanged,
  apply: async (trx, event) => {
    const { userId, email, reset, locale } = event.payload;
    await links.burnCodesOf(trx, userId);
    const link = await links.linkForUpdate(trx, userId);
    if (link) await notices.enqueue(trx, link.chat_id, passwordNotice(email, reset, localeOr(locale)));
  },
  after: kick,
});

/**
 * A Telegram group bot's match goes to its group as well as to the web chat. Straight from the
 * bus, not through an inbox transaction: the send is a remote call (see GroupsService.postMatch).
 * A failure throws and the bus delivers again.
 */
export const subscribeBotMatched = async (
  bus: Bus,
  groups: GroupsService,
  log: Logger,
  botId: string,
): Promise<Subscription> => {
  // A listing's first matches come on a subject of their own (NATS 2.9: one filter a durable).
  // Both durables start at what is published after them (a new group bot does not post a week of
  // old matches), so a group may miss the first matches published while this version rolled out.
  const lanes = [
    ["", ListingMatched],
    ["-first", ListingMatched.lanes.first],
  ] as const;
  const subs = await Promise.all(
    lanes.map(([lane, event]) =>
      subscribeMatches(bus, groups, log, `telegram-on-listing-matched${lane}-${botId}`, event),
    ),
  );
  return { stop: async () => void (await Promise.all(subs.map((s) => s.stop()))) };
};

const subscribeMatches = (
  bus: Bus,
  groups: GroupsService,
  log: Logger,
  durable: string,
  event: typeof ListingMatched.lanes.first,
): Promise<Subscription> =>
  bus.subscribe({
    // Per Telegram bot: the replicas of one deployment (one token) share the work; another
    // deployment on the same NATS (another token) posts as its own bot.
    durable,
    subjects: [event.subject],
    handler: async ({ data }) => {
      const { listing, matches } = decodeEvent(data, event.schema).payload;
      if (!listing) return;
      // Only group bots' matches are posted; each once (the ledger), so a redelivery after a
      // failure part-way sends only what was not sent.
      for (const m of matches.filter((x) => x.telegramChatId))
        await groups.postMatch(listing, m, (err) =>
          log.warn({ err, bot: m.botId }, "telegram refused a group post; not retried"),
        );
    },
  });
