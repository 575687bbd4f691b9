import type { Context } from "koa";
import { COOKIE } from "./session.ts";

/** The spec's session cookie: one day, SameSite strict, Secure in production; readable by the SPA. */
export function setSessionCookie(k: Context, token: string, secure: boolean): void {
  k.cookies.set(COOKIE, token, {
    maxAge: 24 * 3600 * 1000,
    sameSite: "strict",
    secure,
    httpOnly: false,
    path: "/",
    overwrite: true,
  });
}
