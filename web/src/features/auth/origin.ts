import type { Location } from "react-router-dom";

// Where a visitor was going when the guard sent them to /login (kept in the router state), so the
// login screen can send them back there afterwards (SPEC §2 "Login").

export interface OriginState {
  from?: { pathname: string; search?: string; hash?: string };
}

export function originStateFor(location: Location): OriginState {
  return { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
}

/** The path to return to after signing in; "/" when there is none. */
export function originPath(state: unknown): string {
  const from = (state as OriginState | null)?.from;
  if (!from?.pathname?.startsWith("/")) return "/";
  return `${from.pathname}${from.search ?? ""}${from.hash ?? ""}`;
}
