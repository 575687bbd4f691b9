import { useSyncExternalStore } from "react";

/**
 * Whether a CSS media query matches now; re-renders when that changes (e.g. a phone is rotated).
 * A page drawn before the browser's screen is known (lib/drawn.ts) is drawn as if it does not
 * match, and must not look different for it: the stylesheet decides what such a page shows.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", notify);
      return () => list.removeEventListener("change", notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The layout's "large screen" (permanent side nav, 80 px top bar), as in layout CSS. */
export const LARGE_SCREEN = "(min-width: 1200px)";
