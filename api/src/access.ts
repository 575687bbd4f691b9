import * as z from "zod";
import { route } from "./contract.ts";
import { instant } from "./query.ts";

// What can reach an account, as the profile lists it, each with a way to end it: the signed-in
// sessions, the browsers receiving pushes, the linked Telegram account. Only the caller's own:
// someone else's id answers as an unknown one.

/** A signed-in browser: its User-Agent as given at sign-in, `current` for the caller's own. */
export const SessionDevice = z
  .strictObject({
    id: z.string(),
    userAgent: z.string(),
    signedInAt: instant,
    lastActiveAt: instant,
    current: z.boolean(),
  })
  .meta({ id: "SessionDevice" });
export type SessionDevice = z.infer<typeof SessionDevice>;

/** A browser receiving the account's pushes; `lastUsedAt` is the last push delivered (else when it subscribed). */
export const PushDevice = z
  .strictObject({
    id: z.string(),
    userAgent: z.string(),
    addedAt: instant,
    lastUsedAt: instant,
    thisSession: z.boolean(),
  })
  .meta({ id: "PushDevice" });
export type PushDevice = z.infer<typeof PushDevice>;

/** A path id as the lists give them (a UUID); any other string is simply not found. */
export const DeviceId = z.string().regex(/^[0-9A-Fa-f-]{1,64}$/);

const signedOut = { 401: "Not signed in" };
const notFound = { 404: "Not found (someone else's id answers the same)" };

export const accessRoutes = {
  sessions: route({
    method: "get",
    path: "/api/users/me/sessions",
    summary: "The caller's signed-in sessions, the most recently active first",
    responses: { 200: z.array(SessionDevice), ...signedOut },
  }),
  endSession: route({
    method: "delete",
    path: "/api/users/me/sessions/:id",
    summary: "Signs that session out at once (sockets too); the caller's own session is a logout",
    responses: {
      200: z.strictObject({ ended: z.literal(true), current: z.boolean() }),
      ...signedOut,
      ...notFound,
    },
  }),
  pushDevices: route({
    method: "get",
    path: "/api/users/me/push-subscriptions",
    summary: "The browsers receiving the caller's pushes, the most recently used first",
    responses: { 200: z.array(PushDevice), ...signedOut },
  }),
  removePushDevice: route({
    method: "delete",
    path: "/api/users/me/push-subscriptions/:id",
    summary: "Stops pushes to that browser",
    responses: { 200: z.strictObject({ removed: z.literal(true) }), ...signedOut, ...notFound },
  }),
  unlinkTelegram: route({
    method: "delete",
    path: "/api/users/me/telegram-link",
    summary: "Unlinks the caller's Telegram account (none linked is fine)",
    responses: { 200: z.strictObject({ unlinked: z.boolean() }), ...signedOut },
  }),
};
