import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { type Account, newAccount, signedIn } from "./accounts.ts";
import { telegramDouble } from "./telegram.ts";

// The profile's Notifications card: matches on Telegram for a linked
// account, quiet hours in Israel time, saved through PATCH /api/users/{id}.

const SHOTS = "/tmp/shots/notify";
const auth = (a: Account) => ({ authorization: `Bearer ${a.token}` });
const chatIdOf = () => 5000 + Math.floor(Math.random() * 1_000_000);

/** Links the account's Telegram through the Bot API double, as the user would from Telegram. */
async function linkTelegram(request: APIRequestContext, account: Account, username: string) {
  const telegram = telegramDouble(request);
  const link = await request.post("/api/users/me/telegram-link", {
    headers: auth(account),
    data: { password: account.password },
  });
  const { code } = (await link.json()) as { code: string };
  await telegram.say(chatIdOf(), `/start ${code}`, { username });
  await expect
    .poll(async () => {
      const me = await request.get("/api/users/me", { headers: auth(account) });
      return ((await me.json()) as { user: { telegram: { linked: boolean } } }).user.telegram.linked;
    })
    .toBe(true);
}

const card = (page: Page) => page.getByRole("form", { name: "Notifications" });
const telegramSwitch = (page: Page) => page.getByRole("switch", { name: "Send my matches to Telegram" });
const quietSwitch = (page: Page) => page.getByRole("switch", { name: "Quiet hours" });
const save = (page: Page) => page.getByRole("button", { name: "Save notifications" });

test("a linked user sends matches to Telegram with quiet hours, and a reload keeps them", async ({
  page,
  request,
}) => {
  const account = await newAccount(request);
  await linkTelegram(request, account, "dana_notify");
  await signedIn(page, account.token);
  await page.goto("/profile");

  await expect(card(page).getByText("Telegram linked: @dana_notify")).toBeVisible();
  await expect(telegramSwitch(page)).not.toBeChecked();
  await expect(save(page)).toBeDisabled();
  await telegramSwitch(page).check({ force: true });
  await quietSwitch(page).check({ force: true });
  await page.getByLabel("From", { exact: true }).fill("23:30");
  await page.getByLabel("To", { exact: true }).fill("06:45");
  await expect(
    card(page).getByText(
      "Matches found between 23:30 and 06:45 (overnight) are held and sent together at 06:45, Israel time.",
    ),
  ).toBeVisible();
  await save(page).click();
  await expect(card(page).getByText("Saved!")).toBeVisible();
  await expect(save(page)).toBeDisabled();

  await page.reload();
  await expect(telegramSwitch(page)).toBeChecked();
  await expect(quietSwitch(page)).toBeChecked();
  await expect(page.getByLabel("From", { exact: true })).toHaveValue("23:30");
  await expect(page.getByLabel("To", { exact: true })).toHaveValue("06:45");
  const me = await request.get("/api/users/me", { headers: auth(account) });
  expect(((await me.json()) as { user: { notify: unknown } }).user.notify).toEqual({
    telegramMatches: true,
    quietHours: { from: "23:30", to: "06:45" },
  });

  // Quiet hours off again: the window goes, Telegram stays on.
  await quietSwitch(page).uncheck({ force: true });
  await expect(page.getByLabel("From", { exact: true })).toBeDisabled();
  await save(page).click();
  await expect(card(page).getByText("Saved!")).toBeVisible();
  await page.reload();
  await expect(quietSwitch(page)).not.toBeChecked();
  await expect(telegramSwitch(page)).toBeChecked();
});

test("an unlinked user sees why Telegram matches are off, and linking turns the switch on", async ({
  page,
  request,
}) => {
  const account = await newAccount(request);
  await signedIn(page, account.token);
  await page.goto("/profile");
  await expect(telegramSwitch(page)).toBeDisabled();
  await expect(card(page).getByText("Needs a linked Telegram account.")).toBeVisible();

  // The card's own Link Telegram: the code sent from Telegram links the account while the page is open.
  await card(page).getByRole("button", { name: "Link Telegram" }).click();
  const dialog = page.getByRole("dialog", { name: "Link Telegram" });
  await dialog.getByLabel("Current password").fill(account.password);
  await dialog.getByRole("button", { name: "Continue" }).click();
  const code = await card(page).locator("code").textContent();
  await telegramDouble(request).say(chatIdOf(), `/start ${code}`, { username: "dana_later" });
  await expect(card(page).getByText("Telegram linked: @dana_later")).toBeVisible({ timeout: 15_000 });
  await expect(telegramSwitch(page)).toBeEnabled();
  await telegramSwitch(page).check({ force: true });
  await save(page).click();
  await expect(card(page).getByText("Saved!")).toBeVisible();
});

test("quiet hours that start when they end are refused before saving; a refusal shows the server's words", async ({
  page,
  request,
}) => {
  const account = await newAccount(request);
  await signedIn(page, account.token);
  await page.goto("/profile");
  await quietSwitch(page).check({ force: true });
  await page.getByLabel("To", { exact: true }).fill("23:00");
  await expect(card(page).getByRole("alert")).toHaveText("Quiet hours must start and end at different times");
  await expect(save(page)).toBeDisabled();

  await page.getByLabel("To", { exact: true }).fill("07:00");
  await expect(card(page).getByRole("alert")).toBeHidden();
  // What the server says is what the card says; without words of its own, the card's fixed fallback.
  await page.route("**/api/users/*", (route) =>
    route.request().method() === "PATCH"
      ? route.fulfill({
          status: 400,
          json: { message: "Quiet hours are not allowed today", code: "invalid_argument" },
        })
      : route.fallback(),
  );
  await save(page).click();
  await expect(card(page).getByRole("alert")).toHaveText("Quiet hours are not allowed today");
  await page.unroute("**/api/users/*");
  await page.route("**/api/users/*", (route) =>
    route.request().method() === "PATCH"
      ? route.fulfill({ status: 502, body: "Bad gateway" })
      : route.fallback(),
  );
  await save(page).click();
  await expect(card(page).getByRole("alert")).toHaveText("Failed to update profile.");
});

test("the Notifications card at 1366 and 390 px in both themes (screenshots)", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  mkdirSync(SHOTS, { recursive: true });
  const linked = await newAccount(request, "Noa");
  await linkTelegram(request, linked, "noa_flats");
  await request.patch(`/api/users/${await idOf(request, linked)}`, {
    headers: auth(linked),
    data: { notify: { telegramMatches: true, quietHours: { from: "23:00", to: "07:00" } } },
  });
  const unlinked = await newAccount(request, "Eli");
  for (const [who, account] of [
    ["linked", linked],
    ["unlinked", unlinked],
  ] as const) {
    // A context per account: the token is seeded into its own storage.
    const context = await browser.newContext({ baseURL });
    const tab = await context.newPage();
    await signedIn(tab, account.token);
    for (const [width, height] of [
      [1366, 900],
      [390, 844],
    ] as const) {
      for (const theme of ["light", "dark"] as const) {
        await tab.setViewportSize({ width, height });
        await tab.goto("/profile");
        await tab.evaluate((t) => window.localStorage.setItem("theme", t), theme);
        await tab.reload();
        await expect(card(tab)).toBeVisible();
        if (theme === "dark") await expect(tab.locator("body")).toHaveClass(/\bbp6-dark\b/);
        const overflow = await tab.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        // The card from its top, below the top bar (a phone's bar stays over the page).
        await card(tab).evaluate((e) =>
          window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 150),
        );
        await tab.waitForTimeout(300);
        await tab.screenshot({ path: join(SHOTS, `notify-${who}-${width}-${theme}.png`) });
      }
    }
    await context.close();
  }
});

async function idOf(request: APIRequestContext, account: Account): Promise<string> {
  const me = await request.get("/api/users/me", { headers: auth(account) });
  return ((await me.json()) as { user: { _id: string } }).user._id;
}
