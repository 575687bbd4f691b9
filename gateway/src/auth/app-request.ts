import { AppError } from "@dirabot/platform";
import type { Context, Middleware, Next } from "koa";

/**
 * For a GET that changes something (redeeming a group's code): only the app may make it. A bearer
 * header is never sent by a link, a form or an image; without one (the session cookie alone) the
 * browser's own fetch metadata must say the app's page asked, not a navigation or another site.
 */
export function fromTheApp(k: Context): boolean {
  if (k.get("authorization").toLowerCase().startsWith("bearer ")) return true;
  return (
    k.get("sec-fetch-site") === "same-origin" &&
    !["navigate", "nested-navigate"].includes(k.get("sec-fetch-mode"))
  );
}

export const requireAppRequest: Middleware = async (k: Context, next: Next) => {
  if (!fromTheApp(k))
    throw new AppError("permission_denied", "Open the link in Dirabot and confirm there to add this bot");
  await next();
};
