import type { Location } from "react-router-dom";

// Where a visitor was going when the guard sent them to /login (kept in the router state), so the
// login screen can send them back there afterwards.

export interface OriginState {
  from?: { pathname: string; search?: string; hash?: string };
}

export function originStateFor(location: Location): OriginState {
  return { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
}

/**
 * The path to return to after signing in; "/" when there is none. Only same-site paths count:
 * "//host" would leave the site if a caller ever assigned it to window.location.
 */
export function originPath(state: unknown): string {
  const pathname = (state as OriginState | null)?.from?.pathname;
  if (typeof pathname !== "string" || !pathname.startsWith("/") || pathname.startsWith("//")) return "/";
  if (pathname === "/login") return "/";
  const { search = "", hash = "" } = (state as OriginState).from ?? {};
  return `${pathname}${search}${hash}`;
}
