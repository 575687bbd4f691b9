// Values the contract and the screens share, kept free of zod like messages.ts, so the SPA can
// import them without carrying the validator into its bundle.

/** The kinds of notification; a kind added later still renders (as system). */
export const NOTIFICATION_TYPES = [
  "property_match",
  "system",
  "request_verified",
  "password_reset",
  "new_feature",
  "bot_invite",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The session cookie the gateway sets and reads, the bearer token's alternative for browsers. */
export const SESSION_COOKIE = "dirabot_token_v3";

/** "Near my places": the ring sizes offered, km; GET /api/assets?nearKm= accepts only these. */
export const NEAR_KM_CHOICES = [1, 2, 3, 5, 10, 20, 30] as const;
