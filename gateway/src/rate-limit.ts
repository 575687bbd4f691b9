import { AppError } from "@dirabot/platform";
import type { Redis } from "ioredis";
import type { Middleware } from "koa";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";

export type Limiter = RateLimiterMemory | RateLimiterRedis;

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
export function rateLimit(limiter: Limiter, key: (ctx: Parameters<Middleware>[0]) => string): Middleware {
  return async (ctx, next) => {
    try {
      await limiter.consume(key(ctx));
    } catch (res) {
      if (!(res instanceof RateLimiterRes)) throw res; // the store failed: let the error middleware answer
      ctx.set("Retry-After", String(Math.ceil(res.msBeforeNext / 1000)));
      throw new AppError("rate_limited", "Too many requests, please try again later.");
    }
    await next();
  };
}
