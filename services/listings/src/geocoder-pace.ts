import type { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterQueue,
  RateLimiterRedis,
} from "rate-limiter-flexible";

/** Runs an upstream request in its turn; `close` lets go of Redis. */
export interface GeocoderPace {
  run<T>(request: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * One upstream request per `intervalMs` from the whole application: on Redis when there is one,
 * so every replica shares the pace (Nominatim's usage policy counts the application, not a
 * process), in memory otherwise. A request opens the window and its answer opens it again: the
 * next one is sent an interval after the previous one started and after it was answered, so a
 * request slow to leave never arrives on the heels of the next.
 */
export async function geocoderPace(opts: {
  intervalMs: number;
  /** The upstream's host: replicas calling the same one share its pace. */
  upstream: string;
  redisUrl?: string | undefined;
}): Promise<GeocoderPace> {
  if (opts.intervalMs <= 0) return { run: (request) => request(), close: async () => {} };
  let redis: Redis | undefined;
  let limiter: RateLimiterAbstract;
  if (opts.redisUrl) {
    // Loaded only with a Redis, as the gateway does: the one-process run keeps it out of memory.
    redis = new (await import("ioredis")).Redis(opts.redisUrl, { maxRetriesPerRequest: 2 });
    // Redis keeps whole seconds: a shorter interval is rounded up, never down.
    const duration = Math.ceil(opts.intervalMs / 1000);
    limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix: "geocoder-pace", points: 1, duration });
  } else {
    limiter = new RateLimiterMemory({
      keyPrefix: "geocoder-pace",
      points: 1,
      duration: opts.intervalMs / 1000,
    });
  }
  const queue = new RateLimiterQueue(limiter);
  return {
    async run(request) {
      await queue.removeTokens(1, opts.upstream);
      try {
        return await request();
      } finally {
        await limiter.block(opts.upstream, limiter.duration).catch(() => undefined);
      }
    },
    close: async () => {
      await redis?.quit();
    },
  };
}
