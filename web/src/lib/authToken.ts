import { readStorage, removeStorage, StorageKeys, writeStorage } from "./storage.ts";

// The session token lives in localStorage and in a one-day cookie whose name carries the version tag
// "v3". The server may set the cookie itself (e.g. after Google sign-in), so any cookie
// whose name contains "v3" is accepted; the one the SPA writes is AUTH_COOKIE.
export const AUTH_COOKIE = "dirabot_token_v3";
const ONE_DAY_SECONDS = 24 * 60 * 60;

function tokenCookies(): Array<{ name: string; value: string }> {
  // No document when the build renders the sign-in page ahead, in Node (src/prerender.tsx).
  if (typeof document === "undefined") return [];
  return document.cookie
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const eq = part.indexOf("=");
      return eq < 0 ? { name: part, value: "" } : { name: part.slice(0, eq), value: part.slice(eq + 1) };
    })
    .filter((cookie) => cookie.name.includes("v3") && cookie.value !== "");
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The token sent as the bearer on API calls; null when none is stored. */
export function getStoredToken(): string | null {
  return readStorage(StorageKeys.authToken) || null;
}

/**
 * The token to check at start: localStorage first, else a "v3" cookie, which is then copied to
 * localStorage so API calls carry it as a bearer.
 */
export function findToken(): string | null {
  const stored = getStoredToken();
  if (stored) return stored;
  const cookie = tokenCookies()[0];
  if (!cookie) return null;
  const token = decode(cookie.value);
  writeStorage(StorageKeys.authToken, token);
  return token;
}

/**
 * The token of the session cookie the SPA writes (AUTH_COOKIE), which the gateway reads when it
 * draws a page for the visitor (lib/drawn.ts); null when there is none.
 */
export function sessionCookieToken(): string | null {
  const cookie = tokenCookies().find((c) => c.name === AUTH_COOKIE);
  return cookie ? decode(cookie.value) : null;
}

/** Remembers a fresh session token (after login or registration). */
export function storeToken(token: string): void {
  writeStorage(StorageKeys.authToken, token);
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers we serve (older Safari, Firefox).
  document.cookie = `${AUTH_COOKIE}=${encodeURIComponent(token)}; Max-Age=${ONE_DAY_SECONDS}; Path=/; SameSite=Strict${secure}`;
}

/** Forgets the token everywhere, so a stale cookie cannot bring it back on the next start. */
export function clearToken(): void {
  removeStorage(StorageKeys.authToken);
  for (const cookie of tokenCookies()) {
    // biome-ignore lint/suspicious/noDocumentCookie: as in storeToken.
    document.cookie = `${cookie.name}=; Max-Age=0; Path=/`;
  }
}
