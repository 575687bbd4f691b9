import type { DescMessage, MessageShape } from "@bufbuild/protobuf";
import {
  BotCreatedSchema,
  BotDeletedSchema,
  BotInvitedSchema,
  BotMemberAddedSchema,
  BotMemberRemovedSchema,
  BotPriceDroppedSchema,
  BotUpdatedSchema,
} from "../gen/dirabot/events/v1/bots_pb.js";
import {
  ChatMessageMarkedSchema,
  ChatMessagesCreatedSchema,
  ChatReadSchema,
  ChatSeenSchema,
} from "../gen/dirabot/events/v1/chat_pb.js";
import {
  PasswordChangedSchema,
  SessionsEndedSchema,
  UserBannedSchema,
  UserClaimedSchema,
  UserDeletedSchema,
  UserPlacesChangedSchema,
  UserRegisteredSchema,
  UserUpdatedSchema,
} from "../gen/dirabot/events/v1/identity_pb.js";
import {
  ListingCreatedSchema,
  ListingFactsChangedSchema,
  ListingPriceChangedSchema,
  ListingRemovedSchema,
} from "../gen/dirabot/events/v1/listings_pb.js";
import { ListingMatchedSchema } from "../gen/dirabot/events/v1/matches_pb.js";
import { NotificationsCreatedSchema } from "../gen/dirabot/events/v1/notifications_pb.js";
import { LinkUndoneSchema } from "../gen/dirabot/events/v1/telegram_pb.js";

/**
 * Every event the product publishes, declared once: who publishes it, its subject
 * (`dirabot.<producer>.<entity>.<verb>`), its payload's schema and its lanes. Producers stage a
 * declaration (`outbox.stage(trx, ListingMatched, payload)`), consumers take one
 * (`ctx.consume({ event: ListingMatched, … })`), so a wrong payload is a type error and "find
 * references" walks from a producer to its consumers. docs/ARCHITECTURE.md's table is made from it.
 */

/** Every subject starts here (the JetStream stream takes `dirabot.>`). */
export const SUBJECT_ROOT = "dirabot";

export interface EventDef<Desc extends DescMessage = DescMessage> {
  /** The service that publishes it; its subjects are under `dirabot.<producer>.`. */
  readonly producer: string;
  /** The envelope's type: the subject after the producer, e.g. "listing.matched". */
  readonly type: string;
  readonly subject: string;
  readonly schema: Desc;
}

/**
 * An event and its lanes: a lane is the same event on a subject of its own (`<subject>.<lane>`),
 * so that its consumers take it beside, not behind, the main subject's backlog.
 */
export type EventDecl<
  Desc extends DescMessage = DescMessage,
  Lane extends string = never,
> = EventDef<Desc> & {
  readonly lanes: { readonly [L in Lane]: EventDef<Desc> };
};

export type PayloadOf<E extends EventDef> = MessageShape<E["schema"]>;

const def = <Desc extends DescMessage>(producer: string, type: string, schema: Desc): EventDef<Desc> => ({
  producer,
  type,
  subject: `${SUBJECT_ROOT}.${producer}.${type}`,
  schema,
});

/** Declares an event (and its lanes). Test fixtures declare their own probes with it too. */
export function defineEvent<Desc extends DescMessage, const Lane extends string = never>(
  producer: string,
  type: string,
  schema: Desc,
  lanes: readonly Lane[] = [],
): EventDecl<Desc, Lane> {
  const laneDefs = Object.fromEntries(lanes.map((l) => [l, def(producer, `${type}.${l}`, schema)]));
  return { ...def(producer, type, schema), lanes: laneDefs as EventDecl<Desc, Lane>["lanes"] };
}

/** Subjects a producer may publish on (its NATS user's permission). */
export const publishedBy = (producer: string) => `${SUBJECT_ROOT}.${producer}.>`;

// identity
export const UserRegistered = defineEvent("identity", "user.registered", UserRegisteredSchema);
export const UserUpdated = defineEvent("identity", "user.updated", UserUpdatedSchema);
/** Also when a ban is lifted (banned = false). */
export const UserBanned = defineEvent("identity", "user.banned", UserBannedSchema);
export const UserDeleted = defineEvent("identity", "user.deleted", UserDeletedSchema);
export const UserClaimed = defineEvent("identity", "user.claimed", UserClaimedSchema);
/** The whole list after every change of a user's places (bots match on a copy of it). */
export const UserPlacesChanged = defineEvent("identity", "user.places_changed", UserPlacesChangedSchema);
export const PasswordChanged = defineEvent("identity", "user.password_changed", PasswordChangedSchema);
export const SessionsEnded = defineEvent("identity", "sessions.ended", SessionsEndedSchema);

// telegram
export const LinkUndone = defineEvent("telegram", "link.undone", LinkUndoneSchema);

// listings
export const ListingCreated = defineEvent("listings", "listing.created", ListingCreatedSchema);
export const ListingPriceChanged = defineEvent(
  "listings",
  "listing.price_changed",
  ListingPriceChangedSchema,
);
export const ListingFactsChanged = defineEvent(
  "listings",
  "listing.facts_changed",
  ListingFactsChangedSchema,
);
export const ListingRemoved = defineEvent("listings", "listing.removed", ListingRemovedSchema);

// bots
export const BotCreated = defineEvent("bots", "bot.created", BotCreatedSchema);
export const BotUpdated = defineEvent("bots", "bot.updated", BotUpdatedSchema);
export const BotDeleted = defineEvent("bots", "bot.deleted", BotDeletedSchema);
export const BotPriceDropped = defineEvent("bots", "bot.price_dropped", BotPriceDroppedSchema);
export const BotMemberAdded = defineEvent("bots", "bot.member_added", BotMemberAddedSchema);
export const BotMemberRemoved = defineEvent("bots", "bot.member_removed", BotMemberRemovedSchema);
export const BotInvited = defineEvent("bots", "bot.invited", BotInvitedSchema);
/** `first`: a live listing's first matches (at most 50). */
export const ListingMatched = defineEvent("bots", "listing.matched", ListingMatchedSchema, ["first"]);

// chat
/** `first`: the messages of a `listing.matched.first`. */
export const ChatMessagesCreated = defineEvent("chat", "messages.created", ChatMessagesCreatedSchema, [
  "first",
]);
export const ChatRead = defineEvent("chat", "chat.read", ChatReadSchema);
/** A match's votes or quick replies changed (the whole new set). */
export const ChatMessageMarked = defineEvent("chat", "message.marked", ChatMessageMarkedSchema);
/** A member's read mark in a chat moved. */
export const ChatSeen = defineEvent("chat", "chat.seen", ChatSeenSchema);

// notifications
export const NotificationsCreated = defineEvent(
  "notifications",
  "notifications.created",
  NotificationsCreatedSchema,
);
/** A listing's matches, whose delivery their writer queued itself: for the sockets only. */
export const NotificationsShown = defineEvent(
  "notifications",
  "notifications.shown",
  NotificationsCreatedSchema,
);

const DECLARED: EventDecl<DescMessage, string>[] = [
  UserRegistered,
  UserUpdated,
  UserBanned,
  UserDeleted,
  UserClaimed,
  UserPlacesChanged,
  PasswordChanged,
  SessionsEnded,
  LinkUndone,
  ListingCreated,
  ListingPriceChanged,
  ListingFactsChanged,
  ListingRemoved,
  BotCreated,
  BotUpdated,
  BotDeleted,
  BotPriceDropped,
  BotMemberAdded,
  BotMemberRemoved,
  BotInvited,
  ListingMatched,
  ChatMessagesCreated,
  ChatRead,
  ChatMessageMarked,
  ChatSeen,
  NotificationsCreated,
  NotificationsShown,
];

/** Every subject the product publishes on, lanes included, in the order declared. */
export const EVENTS: readonly EventDef[] = DECLARED.flatMap((e) => [e, ...Object.values<EventDef>(e.lanes)]);
