// Every validation message a user reads, once: the web forms show them before sending, the
// gateway answers them when a body breaks the same rule, so a refusal reads the same either way.
// Plain constants, no zod: the SPA imports them without carrying a validator into its bundle.
// The services keep their own copies (they know nothing of the gateway); messages.test.ts proves
// each copy is the same text.

/** Sign-in, registration and password changes. The register form's email error is just "username". */
export const AUTH_MESSAGES = {
  firstnameRequired: "First name is required",
  lastnameRequired: "Last name is required",
  registerEmail: "username",
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

/** The quiet-hours window of the notification settings ("HH:mm", Israel time). */
export const QUIET_HOURS_MESSAGES = {
  from: 'Quiet hours "from" must be a time as HH:mm, e.g. 23:00',
  to: 'Quiet hours "to" must be a time as HH:mm, e.g. 07:00',
  same: "Quiet hours must start and end at different times",
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
