import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";

// Screenshots for people to look at (never compared): the two widths and two themes every screen
// is shown in, the folder they go to (E2E_SHOTS, else /tmp/shots/<name>), and the check that a
// page never scrolls sideways.

export const SIZES = [
  [1366, 860],
  [390, 844],
] as const;
export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

/** The folder for one spec's screenshots, made if missing; `file(name)` is a path in it. */
export function shotsDir(name: string): (file: string) => string {
  const dir = process.env.E2E_SHOTS ?? `/tmp/shots/${name}`;
  mkdirSync(dir, { recursive: true });
  return (file) => join(dir, file);
}

/** Opens `path` at this size in this theme (the page must be on the site already, for storage). */
export async function showAt(
  page: Page,
  path: string,
  theme: Theme,
  [width, height]: readonly [number, number],
) {
  await page.setViewportSize({ width, height });
  await page.evaluate((t) => window.localStorage.setItem("theme", t), theme);
  await page.goto(path);
  if (theme === "dark") await expect(page.locator("body")).toHaveClass(/\bbp6-dark\b/);
}

export async function expectNoSideways(page: Page) {
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways).toBeLessThanOrEqual(0);
}
