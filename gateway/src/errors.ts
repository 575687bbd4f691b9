import { errorMessageIn } from "@dirabot/api";
import type { Logger } from "@dirabot/platform";
import { toAppError } from "@dirabot/platform";
import type { Middleware } from "koa";
import { callerLocale } from "./locale.ts";

/**
 * Every failure leaves as `{message, code}`; 5xx answers never carry internals. The message is in
 * the caller's language (the account's, else the browser's: api/src/messages.he.ts); the code is
 * the same in every language, for programs.
 */
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
      const message = e.code === "internal" ? "Internal server error" : e.message;
      ctx.body = {
        message: errorMessageIn(callerLocale(ctx), message),
        code: e.code,
        ...(e.code === "banned" ? { bannedReason: e.bannedReason ?? "" } : {}),
      };
    }
  };
}
