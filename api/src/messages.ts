// Every validation message a user reads, once: the web forms show them before sending, the
// gateway answers them when a body breaks the same rule, so a refusal reads the same either way.
// Plain constants, no zod: the SPA imports them without carrying a validator into its bundle.
// The services keep their own copies (they know nothing of the gateway); messages.test.ts proves
// each copy is the same text.

/**
 * Sign-in, registration and password changes. The register form's empty-email error is just
 * "username" (the spec's words); an address that is not one reads `emailInvalid`, identity's words.
 */
export const AUTH_MESSAGES = {
  firstnameRequired: "First name is required",
  lastnameRequired: "Last name is required",
  registerEmail: "username",
  emailInvalid: "Please enter a valid email address",
  loginEmail: "username is required",
  passwordRequired: "Password is required",
  /** Registration's length rule (6) words it with "long"; sign-in's does not. */
  registerPasswordShort: "Password must be at least 6 characters long",
  loginPasswordShort: "Password must be at least 6 characters",
  verifyPassword: "Please verify your password",
  confirmPassword: "Please confirm your password",
  mismatch: "Passwords do not match",
  currentPasswordRequired: "Current password is required",
  newPasswordRequired: "New password is required",
  /** The reset flow's new password: 8 characters at least. */
  resetPasswordShort: "Password must be at least 8 characters",
  usernameRequired: "Username is required",
  codeRequired: "Verification code is required",
  invalidResetLink: "Invalid reset link",
} as const;

/** The shortest password: 6 to register or change it, 8 through a reset. */
export const PASSWORD_MIN = { account: 6, reset: 8 } as const;

/** A bot's settings form; the bots service words its refusals the same. */
export const BOT_MESSAGES = {
  name: "Bot name is required",
  nameLong: "Bot name must be at most 100 characters",
  descriptionLong: "Description must be at most 1000 characters",
  areas: "Please select at least one area",
  rooms: "Please set a valid number of rooms (1-10)",
  price: "Please set a valid price range",
  limit: "You have 25 bots, the most an account can have. Delete one to add another.",
} as const;

/** Shared bots: invites and members (the bots service words its refusals the same). */
export const SHARE_MESSAGES = {
  inviteUnknown: "This invite link is not valid. Ask for a new one.",
  inviteExpired: "This invite link has expired. Ask for a new one.",
  inviteUsed: "This invite link was used already. Ask for a new one.",
  inviteOtherEmail: "This invite is for another account. Sign in with the e-mail it was sent to.",
  ownBot: "This bot is yours already.",
  ownerOnly: "Only the bot's owner can do this",
  membersMayNotEdit: "The bot's owner has not let members change its search",
  membersMayNotInvite: "The bot's owner has not let members invite others",
  ownerStays: "The owner cannot leave their own bot; delete it instead",
  memberNotFound: "Member not found",
  membersLimit: "A bot can be shared with at most 10 people",
} as const;

/** The quiet-hours window of the notification settings ("HH:mm", Israel time). */
export const QUIET_HOURS_MESSAGES = {
  from: 'Quiet hours "from" must be a time as HH:mm, e.g. 23:00',
  to: 'Quiet hours "to" must be a time as HH:mm, e.g. 07:00',
  same: "Quiet hours must start and end at different times",
} as const;

/** A user's places that matter (PATCH /api/users/{id} `places`). */
export const PLACE_MESSAGES = {
  tooMany: "At most 5 places",
  name: "A place needs a name",
  nameLong: "A place's name must be at most 40 characters",
  where: "A place must be a point inside Israel",
  unknown: "Unknown place: send the places you have with their ids",
  twice: "The same place is listed twice",
} as const;

/** A bot's distance conditions (`near` on /api/requests). */
export const NEAR_MESSAGES = {
  km: "Distance must be 1 to 30 km",
  minutes: "Travel time must be 1 to 120 minutes",
  mode: "Travel mode must be walking, cycling or driving",
  kind: "A distance condition needs km, or minutes with a mode",
  place: "Choose one of your places",
  twice: "One condition per place",
  tooMany: "At most 5 distance conditions",
} as const;

/** The admins' Telegram messaging forms. */
export const TELEGRAM_MESSAGES = {
  empty: "Message cannot be empty",
  directMissing: "Message and chat selection are required",
  tooLong: "Message is longer than Telegram's 4096 characters",
  badChat: "chatId must be a Telegram chat id",
} as const;

/** Linking Telegram asks the person again (`403 reauth_required`); the identity service's copies. */
export const REAUTH_MESSAGES = {
  password: "Enter your current password to link Telegram",
  wrongPassword: "Current password is incorrect",
  signIn: "Sign in again to link Telegram: it needs a sign-in within the last 10 minutes",
} as const;

/** The account's language (`locale`); the identity service's copy is LOCALE_ERROR. */
export const LOCALE_MESSAGE = "Language must be en (English) or he (Hebrew)";

/**
 * A banned account's refusal: `403` on a live session, `401 {code: "banned", bannedReason}` on one
 * the ban ended (the SPA then shows /banned); the identity service's copy is BANNED_ERROR.
 */
export const BANNED_MESSAGE = "Your account is banned";

/** The property list's order and "available by" filter; the listings service's copy is BROWSE_ERRORS. */
export const ASSET_MESSAGES = {
  sort: "sort must be newest, price_asc, price_desc or price_per_sqm",
  availableBy: "availableBy must be a date as YYYY-MM-DD, e.g. 2027-01-31",
  nearKm: "nearKm must be one of 1, 2, 3, 5, 10, 20 or 30 (km)",
} as const;

/** Votes and quick replies on a match; the chat service's copies are VOTE_MESSAGES. */
export const CHAT_MESSAGES = {
  vote: "vote must be up, down or null",
  noteText: "note must be text",
  noteMax: 200,
  noteLong: "A note is at most 200 characters",
  called: "called must be true or false",
  viewingOn: "viewingOn must be a date as YYYY-MM-DD, e.g. 2027-01-31",
} as const;
