import * as z from "zod";
import { route } from "./contract.ts";
import { BOT_MESSAGES } from "./messages.ts";
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

export const CreateBotBody = z.object({
  botName: z.string({ error: BOT_MESSAGES.name }),
  description: z.string({ error: "description must be text" }).optional(),
  filters: FiltersBody,
  include: IncludeBody,
});
export type CreateBotBody = z.input<typeof CreateBotBody>;

/** The settings dialog's form; it sends the whole bot, so other fields (_id, chatName…) are ignored. */
export const UpdateBotBody = z.object({
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
  filters: FiltersBody,
  include: IncludeBody,
});
export type UpdateBotBody = z.input<typeof UpdateBotBody>;

export const VerifyCodeQuery = z.object({
  code: z
    .string({ error: "Code must be exactly 6 characters" })
    .trim()
    .length(6, "Code must be exactly 6 characters"),
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
 * (consonant skeletons, space-separated: see matchesPlace of @dirabot/platform/geo/places.ts).
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
    summary: "Neighbourhood options ('City - Name'), sorted by name",
    responses: { 200: z.array(Neighborhood) },
  }),
  codes: route({
    method: "get",
    path: "/api/requests/codes",
    summary: "Neighbourhood code → name",
    responses: { 200: z.record(z.string().regex(/^-?\d+$/), z.string()) },
  }),
  create: route({
    method: "post",
    path: "/api/requests/website-create",
    summary:
      "Create a bot (and its chat) for the caller: {botName, description?, filters?: {safeRoom, parking, elevator} (each true = must have: a flat whose fact is unknown does not pass; null = any), include?: {rooms, sublets} (rooms in shared flats, sublets; both false by default: whole flats for long-term rent)}",
    body: CreateBotBody,
    responses: { 201: Bot, 400: BOT_MESSAGES.name, ...signedOut, 409: BOT_MESSAGES.limit },
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
      "Redeem a Telegram group's /register code: creates the caller's bot for that group (chatId = the group's id, chatName = its title) with its web chat. Only from the app (a bearer token, or a same-origin request that is not a navigation): a link opened from elsewhere creates nothing",
    query: VerifyCodeQuery,
    responses: {
      200: Bot,
      400: "A malformed, unknown, expired or used code",
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
    query: VerifyCodeQuery,
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
      "Save the settings dialog: {isActive, neighborhoodCodes, priceLimit:[min,max], rooms, merchant: false|null, botName?, description?, filters?, include?}; filters or include left out stay as they were",
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
} as const;
