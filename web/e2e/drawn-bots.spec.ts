import { expect, type Page, test } from "@playwright/test";
import { type Account, newAccount, signedIn } from "./accounts.ts";
import { createBot } from "./bots.ts";
import { shotsDir } from "./shots.ts";
import { complaints, holdTheCode, iconsDrawn, paintsBeforeTheStylesheets } from "./written-ahead.ts";

const shot = shotsDir("drawn-bots");

// My Bots comes from the gateway drawn for the visitor its session cookie names (gateway
// src/pages.ts, web src/lib/drawn.ts), so a phone shows the visitor's bots before the app's code
// has arrived, and the app sends none of the calls the page answered. These tests hold the code
// back, look at the page as it is then, and let the code go: the app takes the page over.

/** The API calls the page sends, as "METHOD /path". */
function calls(page: Page): string[] {
  const sent: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/api/")) sent.push(`${r.method()} ${url.pathname}`);
  });
  return sent;
}

/** Signs in through the form, as a person does: the app keeps the token and the session cookie. */
async function signInWithTheForm(page: Page, account: Account): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Username").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "My Bots" })).toBeVisible();
}

/** The app has drawn: its first drawing takes the gateway's mark off #root (src/main.tsx). */
async function appStarted(page: Page): Promise<void> {
  await expect(page.locator("#root")).not.toHaveAttribute("data-drawn");
}

const card = (page: Page, name: string) => page.locator("[class*=card]", { hasText: name }).first();

test("a signed-in visitor's bots are there before the code, and the app takes the page over", async ({
  page,
  request,
}) => {
  const account = await newAccount(request);
  await createBot(request, account.token, "Florentin 3 rooms");
  await createBot(request, account.token, "Old North <b>quiet</b>");
  await signInWithTheForm(page, account);

  const said = complaints(page);
  const sent = calls(page);
  const release = await holdTheCode(page);
  await page.goto("/bots", { waitUntil: "commit" });

  // Before the code: the visitor's screen, styled, with the side nav on a large screen.
  await expect(page.getByRole("heading", { name: "My Bots" })).toBeVisible();
  await expect(page.getByText("Florentin 3 rooms")).toBeVisible();
  await expect(page.getByText("Old North <b>quiet</b>")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  // Its icons drawn whole (the gateway's module holds every icon's paths), not empty boxes.
  await iconsDrawn(card(page, "Florentin 3 rooms"), ["edit", "trash", "eye-open", "map-marker"]);
  await iconsDrawn(page.getByRole("navigation", { name: "Main" }), [
    "lab-test",
    "home",
    "notifications",
    "chat",
  ]);
  await page.screenshot({ path: shot("before-the-code-light-1366.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  // A phone: the stylesheet swaps the side nav for the menu button, no code needed.
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  await page.screenshot({ path: shot("before-the-code-light-390.png") });
  const heading = await page.getByRole("heading", { name: "Florentin 3 rooms" }).boundingBox();
  expect(heading?.height).toBeGreaterThan(0);

  // Marks a drawn element: adopted, it is the same element afterwards.
  await card(page, "Florentin 3 rooms").evaluate((el) => Object.assign(el, { drawnAhead: true }));
  release();
  await appStarted(page);
  // The app runs: the menu button opens the drawer with the nav.
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.keyboard.press("Escape");
  expect(await card(page, "Florentin 3 rooms").evaluate((el) => "drawnAhead" in el)).toBe(true);
  await page.screenshot({ path: shot("after-the-code-light-390.png") });
  // The page answered the session check and the list: the app asked for neither.
  expect(sent.filter((c) => /auth\/validate|users\/me|requests$/.test(c))).toEqual([]);
  expect(said).toEqual([]);

  // And it is the app's page: a new bot is made from it.
  await page.getByRole("button", { name: "Create new bot" }).click();
  await expect(page.getByRole("dialog", { name: "Let's add a new bot" })).toBeVisible();
});

test("a tap before the code is answered once the app has taken the page over", async ({ page, request }) => {
  const account = await newAccount(request);
  await createBot(request, account.token, "Kerem HaTeimanim");
  await signInWithTheForm(page, account);
  await page.setViewportSize({ width: 390, height: 844 });

  const said = complaints(page);
  const release = await holdTheCode(page);
  await page.goto("/bots", { waitUntil: "commit" });
  await expect(page.getByText("Kerem HaTeimanim")).toBeVisible();
  // The visitor taps "create" on the drawn page: nothing can answer yet.
  await page.getByRole("button", { name: "Create new bot" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  release();
  await appStarted(page);
  // The app answers that tap, once: the wizard is open, and only one of it.
  await expect(page.getByRole("dialog", { name: "Let's add a new bot" })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(1);
  await page.screenshot({ path: shot("early-tap-answered-light-390.png") });
  expect(said).toEqual([]);
});

test("in the dark theme the app draws the page afresh over the drawn one", async ({ page, request }) => {
  const account = await newAccount(request);
  await createBot(request, account.token, "Neve Tzedek");
  await signInWithTheForm(page, account);
  await page.evaluate(() => window.localStorage.setItem("theme", "dark"));
  await page.setViewportSize({ width: 390, height: 844 });

  const said = complaints(page);
  const release = await holdTheCode(page);
  await page.goto("/bots", { waitUntil: "commit" });
  await expect(page.getByText("Neve Tzedek")).toBeVisible();
  // Dark before the code: the theme's script runs in the head.
  await expect(page.locator("html")).toHaveClass(/bp6-dark/);
  await page.screenshot({ path: shot("before-the-code-dark-390.png") });
  release();
  await appStarted(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("checkbox", { name: "Dark Mode" })).toBeChecked();
  await page.keyboard.press("Escape");
  await expect(page.getByText("Neve Tzedek")).toBeVisible();
  await page.screenshot({ path: shot("after-the-code-dark-390.png") });
  expect(said).toEqual([]);
});

test("the page is drawn only for the session cookie's visitor", async ({ page, request }) => {
  const account = await newAccount(request);
  await createBot(request, account.token, "Jaffa sea view");
  // A visitor whose cookie has run out (a day) but whose token is stored: the app draws the page.
  await signedIn(page, account.token);
  const html = await (await page.goto("/bots"))?.text();
  expect(html).toContain('<div id="root"></div>');
  await expect(page.getByText("Jaffa sea view")).toBeVisible();

  // Another person's page as HTML: drawn for them, never for this visitor.
  const other = await newAccount(request, "Eli");
  await createBot(request, other.token, "Eli's own bot");
  const theirs = await (
    await request.get("/bots", { headers: { Cookie: `dirabot_token_v3=${other.token}` } })
  ).text();
  expect(theirs).toContain("Eli&#x27;s own bot");
  expect(theirs).not.toContain("Jaffa sea view");
  const nobody = await (await request.get("/bots", { headers: { Cookie: "dirabot_token_v3=nope" } })).text();
  expect(nobody).toContain('<div id="root"></div>');
});

test("after signing out, /bots is not drawn and sends the visitor to sign in", async ({ page, request }) => {
  const account = await newAccount(request);
  await signInWithTheForm(page, account);
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: /Logout|Sign out/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  const response = await page.goto("/bots");
  expect(await response?.text()).not.toContain("data-drawn>");
  await expect(page).toHaveURL(/\/login$/);
});

test("the page paints from its own rules before the stylesheets arrive, and nothing changes when they do", async ({
  page,
  request,
}) => {
  // Four loads (two themes, two sizes), each waiting on its stylesheets and then its code.
  test.setTimeout(120_000);
  const account = await newAccount(request);
  await createBot(request, account.token, "Florentin 3 rooms");
  await signInWithTheForm(page, account);
  await paintsBeforeTheStylesheets(page, {
    path: "/bots",
    allThere: async (page) => {
      await expect(page.getByText("Florentin 3 rooms")).toBeVisible();
      // The answers follow the markup.
      await expect(page.locator("#drawn-seed")).toBeAttached();
    },
    appStarted,
    shot,
  });
});
