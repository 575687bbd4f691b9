import type { User } from "@dirabot/proto/identity/v1/identity_pb.js";
import type { Redis } from "ioredis";
import type { Middleware } from "koa";
import { addressKey } from "./client-address.ts";
import { createLimiter, spend } from "./rate-limit.ts";

export const LOGIN_FAILURES_PER_PAIR = 10;
export const LOGIN_FAILURES_PER_ADDRESS = 60;
export const REGISTRATIONS_PER_ADDRESS = 5;
export const INVITES_BY_EMAIL_PER_HOUR = 30;

/**
 * Every budget of the gateway, read together. Addresses are shared: an Israeli carrier puts many
 * phones behind one, so an address bounds only what is anonymous, and a signed-in person spends
 * the budget of their account. Failed logins count per (account, address), so someone elsewhere
 * cannot lock the owner out by failing on purpose, and per address, so one address cannot try
 * many accounts fast. Names are the Redis keys' (`rl:<prefix><name>:<key>`).
 */
export function gatewayLimits(redis: Redis | undefined, prefix = "") {
  const make = (name: string, points: number, seconds: number) =>
    createLimiter(redis, `${prefix}${name}`, points, seconds);
  return {
    /** /api calls and socket handshakes without a live session, per address. */
    anonymous: make("api", 600, 60),
    /** /api calls and socket handshakes with a live session, per account. */
    account: make("api-account", 600, 60),
    /** Registrations per address: each is a 64 MiB argon2 hash (identity runs few at once). */
    register: make("register-ip", REGISTRATIONS_PER_ADDRESS, 60),
    /** Failed logins per (account, address): the owner elsewhere keeps signing in. */
    loginPair: make("login-fail", LOGIN_FAILURES_PER_PAIR, 900),
    /** Failed logins per address, whatever the accounts. */
    loginAddress: make("login-fail-ip", LOGIN_FAILURES_PER_ADDRESS, 900),
    resetAddress: make("reset-ip", 30, 600),
    /** Reset calls per (account, address): a stranger's never spend the owner's (identity bounds the account). */
    resetPair: make("reset-pair", 10, 900),
    /** Test notifications per account: each may fan out to every push endpoint and Telegram. */
    testNotification: make("notify-test", 5, 60),
    /** Invites by e-mail per account: each looks the address up, so none can list who has an account. */
    inviteByEmail: make("invite-email", INVITES_BY_EMAIL_PER_HOUR, 3600),
  };
}
export type GatewayLimits = ReturnType<typeof gatewayLimits>;

/** Runs after the session is known (/api only): signed-in calls per account, the rest per address. */
export function perCaller(limits: GatewayLimits): Middleware {
  return async (k, next) => {
    const user = k.state.user as User | null;
    await (user ? spend(limits.account, user.id, k) : spend(limits.anonymous, addressKey(k.ip), k));
    await next();
  };
}
