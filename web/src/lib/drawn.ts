import type { Bot } from "@dirabot/api";
import type { QueryClient } from "@tanstack/react-query";
import type { DataRouter } from "react-router-dom";
import { sessionKey } from "../features/auth/session.ts";
import type { User } from "../features/auth/types.ts";
import { botListKey } from "../features/bots/keys.ts";
import { getStoredToken, sessionCookieToken, storeToken } from "./authToken.ts";

// A signed-in page the gateway draws on request (gateway/src/pages.ts, src/prerender.tsx): for
// the visitor its session cookie names, with what the screen's first calls would have answered.
// A phone paints the visitor's own page when the stylesheet arrives instead of after the app's
// code has downloaded and run. The app takes the same answers from the page (no calls are sent),
// and adopts the markup when its code arrives.

/** The paths the gateway draws for a signed-in visitor. */
export const DRAWN_PATHS = ["/bots"] as const;

/** What the page carries: the session's user (as /api/users/me answers) and the screen's data. */
export interface DrawnSeed {
  user: User;
  /** My Bots' list, as GET /api/requests answers. */
  bots: Bot[];
}

/** The id of the page's JSON element that carries the seed. */
export const SEED_ID = "drawn-seed";

/** Puts the seed where the screens' queries look first, as their own answers would. */
export function seedDrawn(client: QueryClient, seed: DrawnSeed): void {
  client.setQueryData(sessionKey, { user: seed.user });
  client.setQueryData(botListKey(false), seed.bots);
}

function isSeed(value: unknown): value is DrawnSeed {
  if (!value || typeof value !== "object") return false;
  const { user, bots } = value as Partial<DrawnSeed>;
  return typeof user === "object" && user !== null && typeof user._id === "string" && Array.isArray(bots);
}

/**
 * The seed of a page the gateway drew, when it is this browser's session: the gateway drew it for
 * the session cookie's token, and the app calls with the stored one (a sign-in elsewhere in the
 * browser may have replaced one and not the other). A cookie with no stored token is stored, as
 * the start-up check would have done, and the cookie's day starts again (the server has just
 * accepted it; the check renews it the same way). Null for any other page.
 */
export function readDrawn(container: Element): DrawnSeed | null {
  if (!container.hasAttribute("data-drawn")) return null;
  const cookie = sessionCookieToken();
  const stored = getStoredToken();
  if (cookie === null || (stored !== null && stored !== cookie)) return null;
  let seed: unknown;
  try {
    seed = JSON.parse(document.getElementById(SEED_ID)?.textContent ?? "");
  } catch {
    return null;
  }
  if (!isSeed(seed)) return null;
  storeToken(cookie);
  return seed;
}

/**
 * Resolves once the router has the code of the routes it matched (its lazy routes): until then it
 * would draw its loading page over the drawn one.
 */
export function routerReady(router: DataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

declare global {
  interface Window {
    /**
     * The last element of a drawn page tapped before the code ran (public/theme-init.js); null
     * once the app has taken it, and the head's script then keeps no more taps.
     */
    __dirabotEarlyTap?: Element | null;
  }
}

/**
 * What the visitor tapped on the drawn page before the code, taken once as the app starts to adopt
 * the page; the head's script keeps no more from then on: React hears the page's taps itself, and
 * replays those made while it adopts the page (a tap kept by both would be answered twice).
 */
export function takeEarlyTap(): Element | null {
  const tapped = window.__dirabotEarlyTap ?? null;
  window.__dirabotEarlyTap = null;
  return tapped;
}

/**
 * Taps `tapped` again, once, when the app has adopted the page it is on (the create button, a
 * card, the menu): the app's handler answers it as if the tap had come now. Not when the app drew
 * the page afresh (the dark theme): the element tapped is gone.
 */
export function replayTap(tapped: Element | null, root: Element): void {
  if (!tapped?.isConnected || !root.contains(tapped)) return;
  // After the commit's effects: a dialog the tap opens finds the app ready.
  setTimeout(() =>
    tapped.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window })),
  );
}
