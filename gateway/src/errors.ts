import type { Logger } from "@dirabot/platform";
import { toAppError } from "@dirabot/platform";
import type { Middleware } from "koa";

/** Every failure leaves as `{message, code}`; 5xx answers never carry internals. */
export function errorShape(log: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const e = toAppError(err);
      if (e.status >= 500) log.error({ err, path: ctx.path }, "request failed");
      ctx.status = e.status;
      if (e.retryAfterS !== undefined) ctx.set("Retry-After", String(e.retryAfterS));
      ctx.type = "application/json";
      // An "unavailable" message is ours (toAppError keeps transport details out of it).
      ctx.body = { message: e.code === "internal" ? "Internal server error" : e.message, code: e.code };
    }
  };
}
