import * as z from "zod";
import { route } from "./contract.ts";
import {
  LOCALE_MESSAGE,
  AUTH_MESSAGES as M,
  PASSWORD_MIN,
  PLACE_MESSAGES,
  QUIET_HOURS_MESSAGES,
  REAUTH_MESSAGES,
} from "./messages.ts";
import { instant, maybeInstant } from "./query.ts";

// Accounts: registration, sign-in, password reset through Telegram, the profile and admin user management.

export const Role = z.enum(["user", "admin"]);
export type Role = z.infer<typeof Role>;

/** The language the product speaks to the account: the web app, error messages, Telegram and push. */
export const Locale = z.enum(["en", "he"], { message: LOCALE_MESSAGE }).meta({ id: "Locale" });
export type Locale = z.infer<typeof Locale>;

export const QuietHours = z.strictObject({ from: z.string(), to: z.string() }).meta({ id: "QuietHours" });
export type QuietHours = z.infer<typeof QuietHours>;

/** Matches on Telegram and a quiet-hours window ("HH:mm", Israel time; null: none). */
export const NotifySettings = z
  .strictObject({ telegramMatches: z.boolean(), quietHours: QuietHours.nullable() })
  .meta({ id: "NotifySettings" });
export type NotifySettings = z.infer<typeof NotifySettings>;

/** A place that matters to the user (work, school, parents…): WGS84 degrees inside Israel. */
export const SavedPlace = z
  .strictObject({ id: z.string(), name: z.string(), lat: z.number(), lon: z.number() })
  .meta({ id: "SavedPlace" });
export type SavedPlace = z.infer<typeof SavedPlace>;

/** Israel's box, as the identity service checks it too (@dirabot/geography/distance). */
const ISRAEL = { minLat: 29.4, maxLat: 33.4, minLon: 34.2, maxLon: 35.95 } as const;

/** One place of PATCH's `places`: without `id` a new one, with one a kept place. */
export const PlacePatch = z.object(
  {
    id: z.string().uuid({ message: PLACE_MESSAGES.unknown }).optional(),
    name: z
      .string({ message: PLACE_MESSAGES.name })
      .trim()
      .min(1, PLACE_MESSAGES.name)
      .max(40, PLACE_MESSAGES.nameLong),
    lat: z
      .number({ message: PLACE_MESSAGES.where })
      .min(ISRAEL.minLat, PLACE_MESSAGES.where)
      .max(ISRAEL.maxLat, PLACE_MESSAGES.where),
    lon: z
      .number({ message: PLACE_MESSAGES.where })
      .min(ISRAEL.minLon, PLACE_MESSAGES.where)
      .max(ISRAEL.maxLon, PLACE_MESSAGES.where),
  },
  { message: "A place must be {name, lat, lon} with an optional id" },
);

/** A person as the bot card and the admin screens name them (a user, trimmed). */
export const Person = z
  .strictObject({
    _id: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    fullname: z.string(),
    email: z.string(),
  })
  .meta({ id: "Person" });
export type Person = z.infer<typeof Person>;

/** A user as the screens receive them; oauthProvider "none" for a local account. */
export const User = Person.extend({
  avatar: z.string(),
  roles: z.array(Role),
  isBanned: z.boolean(),
  bannedReason: z.string(),
  oauthProvider: z.enum(["google", "facebook", "none"]),
  createdAt: maybeInstant,
  telegram: z.strictObject({ linked: z.boolean(), username: z.string() }),
  notify: NotifySettings,
  /** Always in the gateway's answers; optional so a screen's fixtures written before it still fit. */
  locale: Locale.optional(),
  /** The user's places, at most 5, in their order; optional as locale is. */
  places: z.array(SavedPlace).optional(),
}).meta({ id: "User" });
export type User = z.infer<typeof User>;

/** A success that only says so, with a line for people where the route has one. */
export const StatusResult = z.strictObject({ status: z.literal("success"), message: z.string() });
export type StatusResult = z.infer<typeof StatusResult>;

/** A signed-in session: its token (also set as the session cookie) and its user. */
export const Session = z.strictObject({ token: z.string(), user: User });
export type Session = z.infer<typeof Session>;

export const Registered = Session.extend({
  status: z.literal("success"),
  message: z.literal("Registration successful"),
});
export type Registered = z.infer<typeof Registered>;

// ---- requests

const str = (msg: string) => z.string({ message: msg });
export const RegisterBody = z.object({
  firstname: str(M.firstnameRequired).trim().min(1, M.firstnameRequired).max(80),
  lastname: str(M.lastnameRequired).trim().min(1, M.lastnameRequired).max(80),
  email: str(M.registerEmail).trim().min(1, M.registerEmail).max(254),
  password: str(M.passwordRequired)
    .min(1, M.passwordRequired)
    .min(PASSWORD_MIN.account, M.registerPasswordShort)
    .max(256),
});
export type RegisterBody = z.input<typeof RegisterBody>;
export const LoginBody = z.object({
  email: str(M.loginEmail).trim().min(1, M.loginEmail).max(254),
  password: str(M.passwordRequired).min(1, M.passwordRequired).max(256),
});
export const ValidateBody = z.object({ token: z.string().max(4096).optional() });
export const ChangePasswordBody = z.object({
  currentPassword: str(M.currentPasswordRequired).min(1, M.currentPasswordRequired).max(256),
  newPassword: str(M.newPasswordRequired).min(PASSWORD_MIN.account, M.loginPasswordShort).max(256),
});

const resetEmail = str(M.usernameRequired).trim().min(1, M.usernameRequired).max(254);
const resetPassword = str(M.newPasswordRequired)
  .min(1, M.newPasswordRequired)
  .min(PASSWORD_MIN.reset, M.resetPasswordShort)
  .max(256);
const resetCode = str(M.codeRequired).trim().min(1, M.codeRequired).max(12);
const resetToken = str(M.invalidResetLink).min(1, M.invalidResetLink).max(200);
export const RequestResetBody = z.object({ email: resetEmail });
export const VerifyResetCodeBody = z.object({ email: resetEmail, code: resetCode });
export const ResetPasswordBody = z.object({ email: resetEmail, code: resetCode, newPassword: resetPassword });
export const CompleteResetBody = z.object({
  email: resetEmail,
  token: resetToken,
  newPassword: resetPassword,
});

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const QuietHoursPatch = z
  .object(
    {
      from: z.string({ message: QUIET_HOURS_MESSAGES.from }).regex(HH_MM, QUIET_HOURS_MESSAGES.from),
      to: z.string({ message: QUIET_HOURS_MESSAGES.to }).regex(HH_MM, QUIET_HOURS_MESSAGES.to),
    },
    { message: "Quiet hours must be {from, to} or null" },
  )
  .refine((q) => q.from !== q.to, QUIET_HOURS_MESSAGES.same);

/** `notify` in PATCH /api/users/{id}: what is left out stays as it is; `quietHours: null` clears. */
export const NotifyPatch = z
  .object(
    {
      telegramMatches: z.boolean({ message: "telegramMatches must be true or false" }),
      quietHours: QuietHoursPatch.nullable(),
    },
    { message: "notify must be an object" },
  )
  .partial();

export const UserPatchBody = z
  .object({
    firstname: z.string().max(80),
    lastname: z.string().max(80),
    avatar: z.string().max(8),
    roles: z.array(z.enum(["user", "admin"], { message: "Roles must be user or admin" })).max(2),
    isBanned: z.boolean(),
    bannedReason: z.string().max(500),
    notify: NotifyPatch,
    locale: Locale,
    /** The whole list; a kept place keeps its id, one left out is deleted. Only one's own. */
    places: z.array(PlacePatch, { message: "places must be a list" }).max(5, PLACE_MESSAGES.tooMany),
  })
  .partial();
export type UserPatch = z.input<typeof UserPatchBody>;

export const UserFilterQuery = z.object({ search: z.string().max(200).optional().default("") });

/**
 * POST /api/users/me/telegram-link: the current password (an account without one sends none and
 * needs a recent sign-in instead).
 */
export const TelegramLinkBody = z.object({
  password: z.string({ message: REAUTH_MESSAGES.password }).max(256).optional(),
});
export type TelegramLinkBody = z.input<typeof TelegramLinkBody>;

/** A code and deep link to link a Telegram account, and when the code expires. */
export const TelegramLinkCode = z.strictObject({ code: z.string(), url: z.string(), expiresAt: instant });
export type TelegramLinkCode = z.infer<typeof TelegramLinkCode>;

export const UserCounts = z.strictObject({
  count: z.number().int(),
  bannedCount: z.number().int(),
  createdLastDay: z.number().int(),
});
export type UserCounts = z.infer<typeof UserCounts>;

const SENT = "Verification code sent to your Telegram account. Please enter the code below.";
const VERIFIED = "Code verified. Please set your new password.";
const DONE = "Password reset successful. You can now login with your new password.";
/** The reset steps' success lines, word for word. */
export const RESET_MESSAGES = { sent: SENT, verified: VERIFIED, done: DONE } as const;

const signedOut = { 401: "Not signed in" };

export const authRoutes = {
  register: route({
    method: "post",
    path: "/api/auth/register",
    session: "none",
    summary: "Create a local account and sign in",
    body: RegisterBody,
    responses: {
      201: Registered,
      400: "Invalid",
      409: "Email taken",
      429: "Too many requests",
    },
  }),
  login: route({
    method: "post",
    path: "/api/auth/login",
    session: "none",
    summary: "Sign in with email and password",
    body: LoginBody,
    responses: { 200: Session, 400: "Invalid", 401: "Invalid email or password", 429: "Too many requests" },
  }),
  logout: route({
    method: "post",
    path: "/api/auth/logout",
    session: "optional",
    summary: "Revoke the session and clear the cookie",
    responses: { 200: z.strictObject({ status: z.literal("success") }) },
  }),
  validate: route({
    method: "post",
    path: "/api/auth/validate",
    session: "optional",
    summary: "Is this token (or the request's session) valid?",
    body: ValidateBody,
    responses: { 200: z.strictObject({ valid: z.literal(true), user: User }), 401: "Not valid" },
  }),
  changePassword: route({
    method: "post",
    path: "/api/auth/change-password",
    summary: "Change the signed-in user's password",
    body: ChangePasswordBody,
    responses: { 200: StatusResult, 400: "Invalid", ...signedOut },
  }),
  requestReset: route({
    method: "post",
    path: "/api/auth/request-reset",
    session: "none",
    summary: "Send a reset code and link to the linked Telegram account (the same answer for every email)",
    body: RequestResetBody,
    responses: { 200: StatusResult, 400: "Invalid", 429: "Too many requests" },
  }),
  verifyResetCode: route({
    method: "post",
    path: "/api/auth/verify-reset-code",
    session: "none",
    summary: "Check a reset code",
    body: VerifyResetCodeBody,
    responses: { 200: StatusResult, 400: "Invalid verification code", 429: "Too many requests" },
  }),
  resetPassword: route({
    method: "post",
    path: "/api/auth/reset-password",
    session: "none",
    summary: "Set a new password with the code",
    body: ResetPasswordBody,
    responses: { 200: StatusResult, 400: "Invalid", 429: "Too many requests" },
  }),
  completeReset: route({
    method: "post",
    path: "/api/auth/complete-reset",
    session: "none",
    summary: "Set a new password with the link's token",
    body: CompleteResetBody,
    responses: { 200: StatusResult, 400: "Invalid", 429: "Too many requests" },
  }),
  oauthProviders: route({
    method: "get",
    path: "/api/oauth/providers",
    session: "none",
    summary: "Which social sign-ins are configured",
    responses: { 200: z.strictObject({ google: z.boolean() }) },
  }),
  oauthStart: route({
    method: "get",
    path: "/api/oauth/google",
    session: "none",
    // Its callback (/api/oauth/google/callback) is the provider's browser redirect, not an API
    // call: it answers only redirects (to /redirect signed in, or /login?error=google).
    summary: "Browser navigation: start Google sign-in; the provider returns to /api/oauth/google/callback",
    responses: { 302: "To the provider", 404: "Not configured" },
  }),
} as const;

export const userRoutes = {
  me: route({
    method: "get",
    path: "/api/users/me",
    summary: "The signed-in user (banned users too, to be shown /banned)",
    responses: { 200: z.strictObject({ user: User }), ...signedOut },
  }),
  telegramLink: route({
    method: "post",
    path: "/api/users/me/telegram-link",
    summary:
      "A code and deep link to link a Telegram account: the current password, or a sign-in within 10 minutes without one",
    body: TelegramLinkBody,
    responses: {
      200: TelegramLinkCode,
      400: "Invalid",
      ...signedOut,
      403: "reauth_required: the password is missing or wrong, or the sign-in too old; or banned",
      429: "Too many failed passwords",
    },
  }),
  filter: route({
    method: "get",
    path: "/api/users/filter",
    summary: "Users matching ?search= (admin)",
    query: UserFilterQuery,
    responses: { 200: z.array(User), 400: "A bad search", ...signedOut, 403: "Admins only" },
  }),
  count: route({
    method: "get",
    path: "/api/users/count",
    summary: "User counts for the dashboard (admin)",
    responses: { 200: UserCounts, ...signedOut, 403: "Admins only" },
  }),
  update: route({
    method: "patch",
    path: "/api/users/:id",
    summary:
      "Change a user: own names, avatar, notify {telegramMatches, quietHours} and places (the whole list); roles and bans by admins",
    body: UserPatchBody,
    responses: { 200: z.strictObject({ user: User }), 400: "Invalid", ...signedOut, 403: "Not allowed" },
  }),
  remove: route({
    method: "delete",
    path: "/api/users/:id",
    summary: "Delete a user (admin)",
    responses: {
      200: z.strictObject({ status: z.literal("success"), message: z.literal("User deleted") }),
      ...signedOut,
      403: "Admins only",
      404: "No such user",
    },
  }),
} as const;
