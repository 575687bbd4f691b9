import { expect, type Page, test } from "@playwright/test";
import { newAccount } from "./accounts.ts";
import { shotsDir } from "./shots.ts";
import { complaints, holdTheCode, iconsDrawn, paintsBeforeTheStylesheets } from "./written-ahead.ts";

const shot = shotsDir("prerendered-login");

// /login comes from the server drawn (the build writes it ahead, web/scripts/prerender.ts), so a
// phone shows the form before the app's code has arrived. These tests hold the code back, act on
// the page as it is then, and let the code go: what was typed stays, and the app takes the page
// over without redrawing it when it matches, or draws it afresh when it does not.

/** The Google button: waiting (a spinner) until the app has asked whether Google sign-in is set up. */
const googleButton = (page: Page) => page.locator("button", { hasText: "Sign in with Google" });

/** The app runs: the Google button has its answer. */
async function appStarted(page: Page): Promise<void> {
  await expect(googleButton(page)).not.toHaveClass(/bp6-loading/);
}

test("the form is there before the code, and what was typed then signs in", async ({ page, request }) => {
  const account = await newAccount(request);
  const said = complaints(page);
  const release = await holdTheCode(page);
  await page.goto("/login", { waitUntil: "commit" });

  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  // The show-password and theme icons drawn whole, not empty boxes.
  await iconsDrawn(page.locator("#root"), ["eye-open", "moon"]);
  await page.screenshot({ path: shot("before-the-code-light-390.png") });
  await expect(page.getByLabel("Username")).toBeFocused();
  await page.getByLabel("Username").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  // Enter before the code runs submits nothing and reloads nothing.
  await page.getByLabel("Password", { exact: true }).press("Enter");
  await expect(page).toHaveURL(/\/login$/);
  await expect(googleButton(page)).toHaveClass(/bp6-loading/);

  // Marks the written page's field: adopted, it is the same element afterwards.
  await page.getByLabel("Username").evaluate((input) => Object.assign(input, { writtenAhead: true }));

  release();
  await appStarted(page);
  expect(await page.getByLabel("Username").evaluate((input) => "writtenAhead" in input)).toBe(true);
  await expect(page.getByLabel("Username")).toHaveValue(account.email);
  await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
  await expect(page.locator("form")).toHaveCount(1);
  // A mismatch would have been reported as the page was redrawn.
  expect(said).toEqual([]);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/bots$/);
});

test("the page's own HTML carries the form, and other paths do not", async ({ request }) => {
  const login = await (await request.get("/login")).text();
  expect(login).toContain('id="login-email"');
  expect(login).toContain(">Sign in</h1>");
  const other = await (await request.get("/register")).text();
  expect(other).toContain('<div id="root"></div>');
});

test("a dark-theme visitor gets the page dark before the code, then the app's own drawing", async ({
  page,
}) => {
  const said = complaints(page);
  await page.addInitScript(() => localStorage.setItem("theme", "dark"));
  const release = await holdTheCode(page);
  await page.goto("/login", { waitUntil: "commit" });

  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  const cardColour = () =>
    page.locator(".bp6-card").evaluate((card) => getComputedStyle(card).backgroundColor);
  const brandColour = () =>
    page.getByText("Dirabot", { exact: true }).evaluate((name) => getComputedStyle(name).color);
  // The heading is in the page before its stylesheet has arrived (the DOM answers before the
  // first paint): the colours painted before the code are read once the stylesheets are in.
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet]")].every((l) => l.sheet),
  );
  const early = await cardColour();
  const earlyBrand = await brandColour();
  expect(early).not.toBe("rgb(255, 255, 255)"); // the light theme's card
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shot("before-the-code-dark-390.png") });
  await page.getByLabel("Username").fill("early@example.com");

  release();
  await appStarted(page);
  await expect(page.getByRole("button", { name: "Switch to Light Mode" })).toBeVisible();
  await expect(page.getByLabel("Username")).toHaveValue("early@example.com");
  await expect(page.locator("form")).toHaveCount(1);
  // The card and the text the app draws in the dark theme are the ones painted before it ran.
  expect(await cardColour()).toBe(early);
  expect(await brandColour()).toBe(earlyBrand);
  await page.screenshot({ path: shot("app-started-dark-390.png") });
  expect(said).toEqual([]);
});

test("a visitor with a stored session is not shown the written form, and is sent on", async ({
  page,
  request,
}) => {
  const account = await newAccount(request);
  await page.addInitScript((token) => localStorage.setItem("authToken", token), account.token);
  const release = await holdTheCode(page);
  await page.goto("/login", { waitUntil: "commit" });
  await expect(page.locator("#login-email")).toBeAttached();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeHidden();

  release();
  await expect(page).toHaveURL(/\/bots$/);
  await expect(page.getByRole("heading", { name: "My Bots" })).toBeVisible();
});

test("/login?error=google is drawn by the app over the written page, with its warning", async ({ page }) => {
  const said = complaints(page);
  await page.goto("/login?error=google");
  await expect(page.getByRole("alert")).toHaveText("Login failed");
  await expect(page.locator("form")).toHaveCount(1);
  expect(said).toEqual([]);
});

test("the page paints from its own rules before the stylesheets arrive, and nothing changes when they do", async ({
  page,
}) => {
  // Four loads (two themes, two sizes), each waiting on its stylesheets and then its code.
  test.setTimeout(120_000);
  await page.goto("/register");
  await paintsBeforeTheStylesheets(page, {
    path: "/login",
    allThere: async (page) => {
      await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
      // The markup's last element.
      await expect(googleButton(page)).toBeVisible();
    },
    appStarted,
    shot,
  });
});
