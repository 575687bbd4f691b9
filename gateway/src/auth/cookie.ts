import type { Context } from "koa";
import { COOKIE } from "./session.ts";

type CookieOptions = NonNullable<Parameters<Context["cookies"]["set"]>[2]>;

/**
 * Sets a cookie that is Secure exactly when PUBLIC_URL is https (`secure`): that is the scheme
 * the browser uses, wherever TLS ends. The cookies library would refuse (throw) a Secure cookie
 * whenever Koa does not see https itself, which behind a TLS-terminating proxy is only when
 * TRUST_PROXY lets it read X-Forwarded-Proto; PUBLIC_URL has the last word on what users reach.
 */
export function setCookie(
  k: Context,
  name: string,
  value: string,
  secure: boolean,
  opts: CookieOptions,
): void {
  if (secure) k.cookies.secure = true;
  k.cookies.set(name, value, { ...opts, secure });
}

/** The session cookie: one day, SameSite strict, Secure on https; readable by the SPA (it copies the token to local storage). */
export function setSessionCookie(k: Context, token: string, secure: boolean): void {
  setCookie(k, COOKIE, token, secure, {
    maxAge: 24 * 3600 * 1000,
    sameSite: "strict",
    httpOnly: false,
    path: "/",
    overwrite: true,
  });
}

/** Ends the session cookie with the same attributes it was set with. */
export function clearSessionCookie(k: Context, secure: boolean): void {
  setCookie(k, COOKIE, "", secure, { maxAge: 0, sameSite: "strict", path: "/", overwrite: true });
}
