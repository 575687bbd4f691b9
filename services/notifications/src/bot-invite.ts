import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { Client } from "@connectrpc/connect";
import { type ConsumerSpec, isolate, type Locale, type Logger, type Outbox } from "@dirabot/platform";
import { BotInvited } from "@dirabot/proto/events";
import type { IdentityService, User } from "@dirabot/proto/identity/v1/identity_pb.js";
import { stageNotificationsCreated } from "./announce.ts";
import type { NotificationsDb } from "./db.ts";
import type { Fanout } from "./delivery/fanout.ts";
import { type DeliverySettings, deliverySettings } from "./delivery/user-settings.ts";
import type { NewNotification } from "./notifications.repo.ts";
import { type NotificationsService, toProto } from "./notifications.service.ts";

/** What the invite needs of identity: the inviter's name, the invitee's language and channels. */
type Known = { inviter: string; invitee: DeliverySettings } | "gone" | "unknown";

/** The invite's words in the invitee's language; names and the bot's name isolated in Hebrew. */
export const INVITE_WORDS: Record<
  Locale,
  { title: (inviter: string, bot: string) => string; body: string; open: string }
> = {
  en: {
    title: (inviter, bot) => `${inviter} invited you to the bot ${bot}`,
    body: "Open the invite to share its matches and chat. It is good for 7 days.",
    open: "Open the invite",
  },
  he: {
    title: (inviter, bot) => `${isolate(inviter)} הזמינו אותך לבוט ${isolate(bot)}`,
    body: "פתחו את ההזמנה כדי לשתף את ההתאמות והצ׳אט שלו. היא בתוקף 7 ימים.",
    open: "פתיחת ההזמנה",
  },
};

const nameOf = (u: User) => `${u.firstname} ${u.lastname}`.trim() || u.email;

/**
 * bot.invited: the invitee is told in their bell (a bot_invite notification opening
 * /invite/<token>), by web push as every notification is (`notifications.created`), and on
 * Telegram when they take matches there, in their own language. The inbox makes it once however
 * often the event arrives; an invite already expired, or an invitee gone, tells nothing.
 */
export const onBotInvited = (deps: {
  service: NotificationsService;
  outbox: Outbox;
  fanout: Fanout;
  identity: Client<typeof IdentityService>;
  publicUrl: string;
  log: Logger;
  now: () => Date;
  queued: () => void;
  suffix?: string;
}): ConsumerSpec<typeof BotInvited.schema, Known, NotificationsDb> => ({
  durable: `notifications-on-bot-invited${deps.suffix ?? ""}`,
  event: BotInvited,
  prepare: async ({ payload }) => {
    try {
      const { users } = await deps.identity.getUsers({ ids: [payload.inviterId, payload.userId] });
      const inviter = users.find((u) => u.id === payload.inviterId);
      const invitee = users.find((u) => u.id === payload.userId);
      return invitee
        ? { inviter: inviter ? nameOf(inviter) : "", invitee: deliverySettings(invitee) }
        : "gone";
    } catch (err) {
      deps.log.warn({ err }, "invitee unknown while identity is away: the invite waits");
      return "unknown";
    }
  },
  apply: async (trx, { payload }, _attempt, known) => {
    if (known === "unknown") throw new Error("identity did not answer for the invitee");
    const now = deps.now();
    if (known === "gone" || (payload.expiresAt && timestampDate(payload.expiresAt) <= now)) return;
    const words = INVITE_WORDS[known.invitee.locale];
    const url = `/invite/${payload.token}`;
    const value: NewNotification = {
      user_id: payload.userId,
      title: words.title(known.inviter, payload.botName),
      body: words.body,
      type: "bot_invite",
      url,
    };
    const [row] = await deps.service.repo.insertMany(trx, [value]);
    if (!row) return;
    if (known.invitee.telegramMatches) {
      const link = new URL(url, deps.publicUrl).toString();
      await deps.fanout.telegram(
        trx,
        payload.userId,
        {
          key: `invite:${payload.token}`,
          text: `${value.title}\n\n${value.body}`,
          photo: "",
          buttons: [{ text: words.open, url: link }],
        },
        now,
      );
    }
    // Its push is queued by the notifications.created consumer, as any notification's.
    await stageNotificationsCreated(deps.outbox, trx, [toProto(row)]);
  },
  after: () => {
    deps.outbox.kick();
    deps.queued();
  },
});
