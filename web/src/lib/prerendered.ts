import { findToken } from "./authToken.ts";
import { readTheme } from "./theme.tsx";

// The build writes some pages ahead (web/scripts/prerender.ts): the gateway sends their markup in
// the HTML, so a phone paints the page as soon as the stylesheet arrives instead of after the
// code. When the code arrives, React adopts that markup (hydration) only if it would draw exactly
// the same; otherwise it draws the page afresh over it. What a visitor typed into the written page
// meanwhile is kept either way.

/** The paths the build renders ahead, as the visitor in front of them would see them. */
export const PRERENDERED_PATHS = ["/login"] as const;

/**
 * Whether the markup in the page is what the app would draw now: a prerendered path, as a
 * visitor with no session, no query (`/login?error=google` shows a warning), and the light theme
 * (the theme switch's icon and label differ in the dark one).
 */
export function matchesPrerender(container: Element, location: Location): boolean {
  return (
    container.firstElementChild !== null &&
    (PRERENDERED_PATHS as readonly string[]).includes(location.pathname) &&
    location.search === "" &&
    readTheme() === "light" &&
    findToken() === null
  );
}

const typed = new Map<string, string>();

/** Remembers what was typed into the written page's fields before the code ran, by field id. */
export function keepTyped(container: Element): void {
  for (const input of container.querySelectorAll<HTMLInputElement>("input[id]")) {
    if (input.value !== "") typed.set(input.id, input.value);
  }
}

/**
 * What was typed into a field before the code ran, given once (a later visit of the same screen,
 * e.g. after signing out, starts empty); "" when nothing was.
 */
export function typedBeforeStart(id: string): string {
  const value = typed.get(id) ?? "";
  typed.delete(id);
  return value;
}
