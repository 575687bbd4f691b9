import * as z from "zod";
import { route } from "./contract.ts";
import { BOT_MESSAGES, NEAR_MESSAGES, SHARE_MESSAGES } from "./messages.ts";
import { instant, maybeInstant } from "./query.ts";
import { Person } from "./users.ts";

// Bots ("requests"): a renter's search, its settings, and the neighbourhood reference data the settings use.

const INT32 = 2_147_483_647;
const { areas: AREAS, rooms: ROOMS, price: PRICE } = BOT_MESSAGES;
const int32 = (msg: string) =>
  z
    .number({ error: msg })
    .int(msg)
    .min(-INT32 - 1, msg)
    .max(INT32, msg);

/** true = must have (a flat whose fact is unknown does not pass), null = any. */
export const BotFilters = z
  .strictObject({
    safeRoom: z.literal(true).nullable(),
    parking: z.literal(true).nullable(),
    elevator: z.literal(true).nullable(),
  })
  .meta({ id: "BotFilters" });
export type BotFilters = z.infer<typeof BotFilters>;
/** Rooms in shared flats and sublets, besides whole flats for long-term rent. */
export const BotInclude = z
  .strictObject({ rooms: z.boolean(), sublets: z.boolean() })
  .meta({ id: "BotInclude" });
export type BotInclude = z.infer<typeof BotInclude>;

/**
 * A distance condition from one of the owner's places: "within km" (straight line, 1–30) or,
 * beyond the documented API shape, "within minutes by mode" (1–120; routed where a router is configured, else
 * estimated). The other pair is null.
 */
export const NearCondition = z
  .strictObject({
    placeId: z.string(),
    km: z.number().nullable(),
    minutes: z.number().int().nullable(),
    mode: z.enum(["walking", "cycling", "driving"]).nullable(),
  })
  .meta({ id: "NearCondition" });
export type NearCondition = z.infer<typeof NearCondition>;

/** One of the first areas a bot watches, named in Hebrew ('City - Hood') and English. */
export const BotArea = z
  .strictObject({ code: z.number().int(), name: z.string(), nameEn: z.string() })
  .meta({ id: "BotArea" });
export type BotArea = z.infer<typeof BotArea>;

/**
 * A bot as the screens receive it. A Telegram group bot's chatId is the group's id; its web chat
 * is found by bot in the chat list. createdBy is null when the owner is gone.
 */
export const Bot = z
  .strictObject({
    _id: z.string(),
    chatName: z.string(),
    chatId: z.string(),
    botName: z.string(),
    description: z.string(),
    createdBy: Person.nullable(),
    createdAt: maybeInstant,
    updatedAt: maybeInstant,
    isActive: z.boolean(),
    neighborhoodCodes: z.array(z.number().int()),
    priceLimit: z.tuple([z.number(), z.number()]),
    rooms: z.number(),
    merchant: z.boolean().nullable(),
    seenPosts: z.array(z.string()),
    filters: BotFilters,
    include: BotInclude,
    // Beyond the spec, for the cards: the first 3 areas named (the rest are counted by the codes),
    // the newest match's time (null while none) and the matches of the last 7 days.
    areas: z.array(BotArea),
    lastMatchAt: maybeInstant,
    matchesThisWeek: z.number().int(),
    // Shared bots: whether members may change the search and invite others (the owner's
    // switches), and the members' user ids (the owner is createdBy).
    membersMayEdit: z.boolean(),
    membersMayInvite: z.boolean(),
    memberIds: z.array(z.string()),
    /** Every condition must hold; always in answers, optional so older fixtures still fit. */
    near: z.array(NearCondition).optional(),
  })
  .meta({ id: "Bot" });
export type Bot = z.infer<typeof Bot>;

/** A bot as the API answers it, to start examples from (tests, the build's sample page). */
export const exampleBot: Bot = {
  _id: "b1",
  chatName: "Florentin",
  chatId: "c1",
  botName: "Florentin",
  description: "",
  createdBy: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  isActive: true,
  neighborhoodCodes: [],
  priceLimit: [3000, 7000],
  rooms: 2,
  merchant: false,
  seenPosts: [],
  filters: { safeRoom: null, parking: null, elevator: null },
  include: { rooms: false, sublets: false },
  areas: [],
  lastMatchAt: null,
  matchesThisWeek: 0,
  membersMayEdit: false,
  membersMayInvite: false,
  memberIds: [],
};

// ---- requests: a malformed form gets the settings form's message for that field; the rules are the bots service's.

// A must-have is true or null ("any"); unset is null. Unknown keys are refused, so a typo is not a silent "any".
const mustHave = (name: string) =>
  z
    .literal(true, { error: `filters.${name} must be true (must have) or null (any)` })
    .nullable()
    .optional();
export const FiltersBody = z
  .strictObject(
    { safeRoom: mustHave("safeRoom"), parking: mustHave("parking"), elevator: mustHave("elevator") },
    { error: "filters must be {safeRoom, parking, elevator}, each true or null" },
  )
  .optional();
export const IncludeBody = z
  .strictObject(
    {
      rooms: z.boolean({ error: "include.rooms must be true or false" }).optional(),
      sublets: z.boolean({ error: "include.sublets must be true or false" }).optional(),
    },
    { error: "include must be {rooms, sublets}, each true or false" },
  )
  .optional();

/** `near` as a form sends it: the whole list (an empty one removes every condition). */
export const NearBody = z
  .array(
    z
      .object(
        {
          placeId: z.string({ error: NEAR_MESSAGES.place }).max(64, NEAR_MESSAGES.place),
          km: z
            .number({ error: NEAR_MESSAGES.km })
            .min(1, NEAR_MESSAGES.km)
            .max(30, NEAR_MESSAGES.km)
            .nullable()
            .optional(),
          minutes: z
            .number({ error: NEAR_MESSAGES.minutes })
            .int(NEAR_MESSAGES.minutes)
            .min(1, NEAR_MESSAGES.minutes)
            .max(120, NEAR_MESSAGES.minutes)
            .nullable()
            .optional(),
          mode: z
            .enum(["walking", "cycling", "driving"], { error: NEAR_MESSAGES.mode })
            .nullable()
            .optional(),
        },
        { error: "near must be a list of {placeId, km} or {placeId, minutes, mode}" },
      )
      .refine((c) => (c.km != null) !== (c.minutes != null || c.mode != null), NEAR_MESSAGES.kind)
      .refine((c) => c.km != null || (c.minutes != null && c.mode != null), NEAR_MESSAGES.kind),
    { error: "near must be a list of {placeId, km} or {placeId, minutes, mode}" },
  )
  .max(5, NEAR_MESSAGES.tooMany)
  .optional();

/** A bot's search as Bot Settings sends it; the wizard sends it on creation too. */
const search = {
  neighborhoodCodes: z.array(int32(AREAS), { error: AREAS }).max(5000, AREAS),
  priceLimit: z.tuple([int32(PRICE), int32(PRICE)], { error: PRICE }),
  rooms: int32(ROOMS),
  merchant: z
    .literal(false, { error: "merchant must be false (private listings only) or null (all listings)" })
    .nullable()
    .optional(),
};

export const CreateBotBody = z.object({
  botName: z.string({ error: BOT_MESSAGES.name }),
  description: z.string({ error: "description must be text" }).optional(),
  filters: FiltersBody,
  include: IncludeBody,
  near: NearBody,
  // The add-bot wizard's search: with any of them the bot watches it from its first moment, and
  // the settings form's rules apply (at least one area). Without them: no areas yet.
  neighborhoodCodes: search.neighborhoodCodes.optional(),
  priceLimit: search.priceLimit.optional(),
  rooms: search.rooms.optional(),
  merchant: search.merchant,
});
export type CreateBotBody = z.input<typeof CreateBotBody>;

/** The settings dialog's form; it sends the whole bot, so other fields (_id, chatName…) are ignored. */
export const UpdateBotBody = z.object({
  isActive: z.boolean({ error: "isActive must be true or false" }),
  ...search,
  botName: z.string({ error: "botName must be text" }).optional(),
  description: z.string({ error: "description must be text" }).optional(),
  filters: FiltersBody,
  include: IncludeBody,
  /** The owner's switch letting members change the search; left out, it stays as it is. */
  membersMayEdit: z.boolean({ error: "membersMayEdit must be true or false" }).optional(),
  /** The owner's switch letting members invite others; left out, it stays as it is. */
  membersMayInvite: z.boolean({ error: "membersMayInvite must be true or false" }).optional(),
  near: NearBody,
});
export type UpdateBotBody = z.input<typeof UpdateBotBody>;

// ---- shared bots

/** POST /api/requests/{id}/invites: optionally bound to one account's e-mail. */
export const InviteBody = z.strictObject(
  {
    email: z
      .string({ error: "email must be text" })
      .trim()
      .max(254, "Please enter a valid email address")
      .regex(/^$|^[^\s@]+@[^\s@]+$/, "Please enter a valid email address")
      .optional(),
  },
  { error: "The body must be {email?}" },
);
export type InviteBody = z.input<typeof InviteBody>;

/**
 * A new invite: the link to send (`/invite/<token>` on the site), its token and its end. With an
 * e-mail: `account`, whether an account has it, and `told`, whether that person was told in the
 * product (their bell, push, Telegram); not when it is the owner or a member already.
 */
export const Invite = z
  .strictObject({
    url: z.string(),
    token: z.string(),
    expiresAt: instant,
    account: z.boolean(),
    told: z.boolean(),
  })
  .meta({ id: "Invite" });
export type Invite = z.infer<typeof Invite>;

/** One person of a shared bot: its owner or a member. */
export const BotMember = z
  .strictObject({ userId: z.string(), fullname: z.string(), role: z.enum(["owner", "member"]) })
  .meta({ id: "BotMember" });
export type BotMember = z.infer<typeof BotMember>;

/** One person named on the admin screens: their id and full name (the e-mail when they have none). */
const Named = z.strictObject({ userId: z.string(), fullname: z.string() });

/**
 * GET /api/users/{id}/sharing (admins): the user's bots that have members, with the members,
 * and the bots shared with them, with their owner.
 */
export const UserSharing = z
  .strictObject({
    owned: z.array(z.strictObject({ botId: z.string(), botName: z.string(), members: z.array(Named) })),
    memberOf: z.array(z.strictObject({ botId: z.string(), botName: z.string(), owner: Named })),
  })
  .meta({ id: "UserSharing" });
export type UserSharing = z.infer<typeof UserSharing>;

/** An accepted invite: the bot now shared with the caller, and its chat. */
export const AcceptedInvite = z
  .strictObject({ requestId: z.string(), chatId: z.string(), botName: z.string() })
  .meta({ id: "AcceptedInvite" });
export type AcceptedInvite = z.infer<typeof AcceptedInvite>;

const groupCode = z
  .string({ error: "Code must be exactly 6 characters" })
  .trim()
  .length(6, "Code must be exactly 6 characters");

/** The code alone: GET /api/requests/group-code. */
export const GroupCodeQuery = z.object({ code: groupCode });

/** Whole numbers, comma-separated, as one query parameter ("" is none); anything else is `msg`. */
const numbers = (msg: string) =>
  z
    .string({ error: msg })
    .regex(/^(-?\d{1,10}(,-?\d{1,10})*)?$/, msg)
    .transform((s) => (s ? s.split(",").map(Number) : []));

/**
 * The code, and the group bot's search as query parameters (the add-bot wizard's):
 * neighborhoodCodes=1,2 priceLimit=3000,7000 rooms=2 merchant=false|null, read by website-create's rules.
 */
export const VerifyCodeQuery = z.object({
  code: groupCode,
  neighborhoodCodes: numbers(AREAS).pipe(search.neighborhoodCodes).optional(),
  priceLimit: numbers(PRICE).pipe(search.priceLimit).optional(),
  rooms: z
    .string({ error: ROOMS })
    .regex(/^-?\d{1,10}$/, ROOMS)
    .transform(Number)
    .pipe(search.rooms)
    .optional(),
  merchant: z
    .enum(["false", "null"], {
      error: "merchant must be false (private listings only) or null (all listings)",
    })
    .transform((v) => (v === "false" ? false : null))
    .optional(),
});

/** The Telegram group a /register code would add a bot to, shown before the person confirms. */
export const GroupCodeAnswer = z.strictObject({ chatName: z.string(), expiresAt: instant });
export type GroupCodeAnswer = z.infer<typeof GroupCodeAnswer>;

export const BotListQuery = z.object({
  all: z
    .enum(["true", "false"], { error: "all must be true or false" })
    .optional()
    .transform((v) => v === "true"),
});

export const Counts = z.strictObject({ count: z.number().int(), createdLastDay: z.number().int() });
export type Counts = z.infer<typeof Counts>;

/**
 * A neighbourhood option ('City - Name'), its English name, and its Latin search keys
 * (consonant skeletons, space-separated: see matchesPlace of @dirabot/geography/places).
 */
export const Neighborhood = z
  .strictObject({ code: z.number().int(), name: z.string(), nameEn: z.string(), keys: z.string() })
  .meta({ id: "Neighborhood" });
export type Neighborhood = z.infer<typeof Neighborhood>;

const signedOut = { 401: "Not signed in" };

export const botRoutes = {
  neighborhoods: route({
    method: "get",
    path: "/api/requests/neighborhoods",
    session: "none",
    summary: "Neighbourhood options ('City - Name'), sorted by name",
    responses: { 200: z.array(Neighborhood) },
  }),
  codes: route({
    method: "get",
    path: "/api/requests/codes",
    session: "none",
    summary: "Neighbourhood code → name",
    responses: { 200: z.record(z.string().regex(/^-?\d+$/), z.string()) },
  }),
  create: route({
    method: "post",
    path: "/api/requests/website-create",
    summary:
      "Create a bot (and its chat) for the caller: {botName, description?, neighborhoodCodes?, priceLimit?: [min,max], rooms?, merchant?: false|null, filters?: {safeRoom, parking, elevator} (each true = must have: a flat whose fact is unknown does not pass; null = any), include?: {rooms, sublets} (rooms in shared flats, sublets; both false by default: whole flats for long-term rent), near?: [{placeId, km} or {placeId, minutes, mode}] (the caller's places; all must hold)}. With any of the search's fields (the add-bot wizard) the bot watches that search from its first moment and the settings form's rules apply (at least one area; price [0,20000] and rooms 1 when left out); without them it has no areas yet",
    body: CreateBotBody,
    responses: {
      201: Bot,
      400: "The name's or the search's validation message",
      ...signedOut,
      409: BOT_MESSAGES.limit,
    },
  }),
  list: route({
    method: "get",
    path: "/api/requests",
    summary: "The caller's bots; ?all=true every user's (admins)",
    query: BotListQuery,
    responses: { 200: z.array(Bot), 400: "A malformed query", ...signedOut, 403: "all=true is for admins" },
  }),
  count: route({
    method: "get",
    path: "/api/requests/count",
    summary: "How many bots (all for admins, own for users) and new in the last day",
    responses: { 200: Counts, ...signedOut },
  }),
  verifyCode: route({
    method: "get",
    path: "/api/requests/verifycode",
    summary:
      "Redeem a Telegram group's /register code: creates the caller's bot for that group (chatId = the group's id, chatName = its title) with its web chat. Only from the app (a bearer token, or a same-origin request that is not a navigation): a link opened from elsewhere creates nothing. Optional search (the add-bot wizard): ?neighborhoodCodes=1,2&priceLimit=3000,7000&rooms=2&merchant=false|null; with any of them the bot watches that search from its first moment under website-create's rules, and a search refused leaves the code unused; without them it has no areas yet",
    query: VerifyCodeQuery,
    responses: {
      200: Bot,
      400: "A malformed, unknown, expired or used code; the search's validation message",
      ...signedOut,
      403: "Not from the app (a navigation, or another site's request)",
      409: BOT_MESSAGES.limit,
    },
  }),
  groupCode: route({
    method: "get",
    path: "/api/requests/group-code",
    summary:
      "The Telegram group a /register code would add a bot to ({chatName, expiresAt}), for the add-bot wizard to show before the person confirms; the code stays unused",
    query: GroupCodeQuery,
    responses: { 200: GroupCodeAnswer, 400: "A malformed, unknown, expired or used code", ...signedOut },
  }),
  get: route({
    method: "get",
    path: "/api/requests/:id",
    summary: "One bot",
    responses: { 200: Bot, ...signedOut, 404: "No such bot" },
  }),
  update: route({
    method: "patch",
    path: "/api/requests/:id",
    summary:
      "Save the settings dialog: {isActive, neighborhoodCodes, priceLimit:[min,max], rooms, merchant: false|null, botName?, description?, filters?, include?, near?}; filters, include or near left out stay as they were",
    body: UpdateBotBody,
    responses: { 200: Bot, 400: "The settings form's validation message", ...signedOut, 404: "No such bot" },
  }),
  // JSON, not 204: the client treats a non-JSON success as a failure.
  remove: route({
    method: "delete",
    path: "/api/requests/:id",
    summary: "Delete a bot and its chat",
    responses: { 200: z.strictObject({ success: z.literal(true) }), ...signedOut, 404: "No such bot" },
  }),
  invite: route({
    method: "post",
    path: "/api/requests/:id/invites",
    summary:
      "The owner (or a member, when the owner lets members invite) invites someone to share the bot: a link (url /invite/<token>) valid 7 days and good for one person. With {email} only the account with that e-mail may accept it, and an existing account is told in the product (a bot_invite notification opening the link, by push and Telegram as a match); `account` says whether one has that e-mail. E-mail invites are rate-limited per caller (429)",
    body: InviteBody,
    responses: {
      201: Invite,
      400: "A malformed e-mail",
      ...signedOut,
      403: `${SHARE_MESSAGES.ownerOnly}; a member while the owner has not allowed it: ${SHARE_MESSAGES.membersMayNotInvite}`,
      429: "Too many invites by e-mail; try again later",
      404: "No such bot (or another's, not shared with the caller)",
    },
  }),
  members: route({
    method: "get",
    path: "/api/requests/:id/members",
    summary: "The bot's owner and members, owner first; for the owner, a member or an admin",
    responses: { 200: z.array(BotMember), ...signedOut, 404: "No such bot" },
  }),
  userSharing: route({
    method: "get",
    path: "/api/users/:id/sharing",
    summary:
      "Admins: the user's bots shared with others (with the members) and the bots shared with them (with the owner)",
    responses: { 200: UserSharing, ...signedOut, 403: "Admin access required" },
  }),
  removeMember: route({
    method: "delete",
    path: "/api/requests/:id/members/:userId",
    summary:
      "The owner removes a member, or a member leaves (their own userId); they lose the chat at once (API, socket, notifications)",
    responses: {
      200: z.strictObject({ success: z.literal(true) }),
      ...signedOut,
      403: SHARE_MESSAGES.ownerOnly,
      404: "No such bot or member",
      412: SHARE_MESSAGES.ownerStays,
    },
  }),
} as const;

/** Invites, accepted by whoever holds the link. */
export const inviteRoutes = {
  accept: route({
    method: "post",
    path: "/api/invites/:token/accept",
    summary:
      "The signed-in caller accepts an invite and becomes a member of the bot: its chat (live), its matches by their own channels, its search if the owner lets members change it",
    responses: {
      200: AcceptedInvite,
      ...signedOut,
      403: SHARE_MESSAGES.inviteOtherEmail,
      404: SHARE_MESSAGES.inviteUnknown,
      409: `invite_used: ${SHARE_MESSAGES.inviteUsed}; already_exists: ${SHARE_MESSAGES.ownBot}`,
      410: `invite_expired: ${SHARE_MESSAGES.inviteExpired}`,
    },
  }),
} as const;
