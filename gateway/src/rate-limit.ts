import { AppError } from "@dirabot/platform";
import type { Redis } from "ioredis";
import type { Middleware } from "koa";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";

export type Limiter = RateLimiterMemory | RateLimiterRedis;
type Ctx = Parameters<Middleware>[0];

/** A limiter shared by every gateway replica when Redis is configured, else per process. */
export function createLimiter(
  redis: Redis | undefined,
  name: string,
  points: number,
  durationSeconds: number,
): Limiter {
  const opts = { keyPrefix: `rl:${name}`, points, duration: durationSeconds };
  return redis
    ? new RateLimiterRedis({ ...opts, storeClient: redis, useRedisPackage: false })
    : new RateLimiterMemory(opts);
}

/** Consumes one point per request for `key(ctx)`; over the limit answers 429 with Retry-After. */
export function rateLimit(limiter: Limiter, key: (ctx: Ctx) => string): Middleware {
  return async (ctx, next) => {
    await spend(limiter, key(ctx), ctx);
    await next();
  };
}

/**
 * Takes one point of `key`'s budget, or throws the 429 error when it is spent (first setting
 * Retry-After on the response, when there is one).
 */
export async function spend(limiter: Limiter, key: string, ctx?: Pick<Ctx, "set">): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (res) {
    if (!(res instanceof RateLimiterRes)) throw res; // the store failed: let the error middleware answer
    ctx?.set("Retry-After", String(Math.ceil(res.msBeforeNext / 1000)));
    throw new AppError("rate_limited", "Too many requests, please try again later.");
  }
}
