import { type Locale, localeFromHeader, localeOr } from "@dirabot/platform";
import type { User } from "@dirabot/proto/identity/v1/identity_pb.js";
import type { Context } from "koa";

/** The browser's language (Accept-Language): what a new account and a signed-out caller get. */
export const browserLocale = (k: Context): Locale => localeFromHeader(k.get("accept-language"));

/** The caller's language: the signed-in account's, else the browser's. */
export function callerLocale(k: Context): Locale {
  const user = k.state.user as User | null | undefined;
  return user ? localeOr(user.locale) : browserLocale(k);
}
