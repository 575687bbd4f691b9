import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { adminToken, newAccount, signedIn } from "./accounts.ts";
import {
  allowNotifications,
  fakePushService,
  markOneRead,
  notifyTyped,
  turnOnPush,
} from "./notifications.ts";

// Screenshots of the notifications screens for people to look at (not compared): /notifications
// set up with a list of every type, the bell's popover, the guide and the blocker dialog on a
// phone, the install prompt, /admin/notifications — at 1366 and 390 px, light and dark.

const SHOTS = process.env.E2E_SHOTS ?? "/tmp/shots/notifications";
mkdirSync(SHOTS, { recursive: true });

const SIZES = [
  [1366, 860],
  [390, 844],
] as const;
const THEMES = ["light", "dark"] as const;

async function seed(request: APIRequestContext, token: string) {
  const made = [
    {
      type: "system",
      title: "Welcome to Dirabot",
      body: "Create a bot to start hearing of new flats.",
      url: "/bots",
    },
    {
      type: "request_verified",
      title: "Your bot is verified",
      body: "'Florentin 3 rooms' is watching new listings now.",
      url: "/bots",
    },
    {
      type: "password_reset",
      title: "Your password was changed",
      body: "If this wasn't you, reset it again and contact the administrator.",
    },
    {
      type: "new_feature",
      title: "New: matches on Telegram",
      body: "Turn on 'Send my matches to Telegram' in your profile.",
      url: "/profile",
    },
    {
      type: "property_match",
      title: "New match: Florentin 3 rooms",
      body: "ויטל 12, פלורנטין, תל אביב יפו · 3 rooms · ₪6,400",
      url: "/chats",
    },
    {
      type: "property_match",
      title: "New match: נווה צדק up to ₪8,000",
      body: "שבזי 40, נווה צדק, תל אביב יפו · 2.5 rooms · ₪7,900",
      url: "/chats",
    },
  ] as const;
  const ids: string[] = [];
  for (const n of made) ids.push(await notifyTyped(request, token, { ...n }));
  // The older ones read, the newest three not.
  for (const id of ids.slice(0, 3)) await markOneRead(request, token, id);
}

async function show(page: Page, theme: "light" | "dark", width: number, height: number, path: string) {
  await page.setViewportSize({ width, height });
  // Storage belongs to the site: on the first call the page is still about:blank.
  if (!page.url().startsWith("http")) await page.goto("/404");
  await page.evaluate((t) => window.localStorage.setItem("theme", t), theme);
  await page.goto(path);
  if (theme === "dark") await expect(page.locator("body")).toHaveClass(/\bbp6-dark\b/);
}

const noSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("/notifications set up, with a list of every type (screenshots)", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const account = await newAccount(request, "Maya");
  await seed(request, account.token);
  await fakePushService(page);
  await allowNotifications(context, baseURL as string);
  await signedIn(page, account.token);
  await turnOnPush(page);

  for (const [width, height] of SIZES) {
    for (const theme of THEMES) {
      await show(page, theme, width, height, "/notifications");
      await expect(page.getByRole("heading", { name: "All notifications" })).toBeVisible();
      await expect(
        page.getByRole("region", { name: "Notification list" }).getByTestId("notification-row"),
      ).toHaveCount(6);
      expect(await noSideways(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(SHOTS, `page-${width}-${theme}.png`), fullPage: true });
      // The bell's popover over it, push on: no prompt.
      await page.getByRole("button", { name: /^Notifications/ }).click();
      await expect(
        page.getByRole("region", { name: "Notifications" }).getByTestId("notification-row"),
      ).toHaveCount(5);
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(SHOTS, `popover-${width}-${theme}.png`) });
      await page.keyboard.press("Escape");
    }
  }
});

test("the guide, the prompt to enable and the blocker before setup (screenshots)", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await newAccount(request, "Dana");
  await seed(request, account.token);
  await signedIn(page, account.token);
  for (const [width, height] of SIZES) {
    for (const theme of THEMES) {
      await show(page, theme, width, height, "/notifications");
      const guide = page.getByRole("region", { name: "Notification setup" });
      await expect(guide.getByRole("button", { name: "Skip" })).toBeVisible();
      expect(await noSideways(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(SHOTS, `guide-${width}-${theme}.png`), fullPage: true });
      await guide.getByRole("button", { name: "Skip" }).click();
      await page.screenshot({ path: join(SHOTS, `guide-step1-${width}-${theme}.png`) });
      await page.getByRole("button", { name: /^Notifications/ }).click();
      await expect(page.getByRole("button", { name: "Enable Notifications" })).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(SHOTS, `popover-enable-${width}-${theme}.png`) });
      await page.getByRole("button", { name: "Enable Notifications" }).click();
      await expect(page.getByRole("dialog", { name: "Notifications Not Supported Here" })).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(SHOTS, `blocker-${width}-${theme}.png`) });
      await page.getByRole("button", { name: "Got It" }).click();
    }
  }
});

test("the install prompt on a phone (screenshots)", async ({ browser, request, baseURL }) => {
  test.setTimeout(60_000);
  const account = await newAccount(request, "Eden");
  for (const theme of THEMES) {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      userAgent:
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
    });
    const page = await context.newPage();
    await signedIn(page, account.token);
    await page.goto("/bots");
    await page.evaluate((t) => window.localStorage.setItem("theme", t), theme);
    await page.reload();
    const prompt = page.getByRole("dialog", { name: "Install Dirabot" });
    await expect(prompt).toBeVisible({ timeout: 8_000 });
    await page.screenshot({ path: join(SHOTS, `install-390-${theme}.png`) });
    // Any answer counts as prompted: it does not come back.
    await prompt.getByRole("button", { name: /Got it|Not now/ }).click();
    await expect(prompt).toBeHidden();
    expect(await page.evaluate(() => window.localStorage.getItem("pwaPrompted"))).toBe("true");
    await page.reload();
    await page.waitForTimeout(3_500);
    await expect(prompt).toBeHidden();
    await context.close();
  }
});

test("/admin/notifications with the type filter (screenshots)", async ({ page, request }) => {
  test.setTimeout(90_000);
  const account = await newAccount(request, "Shira");
  await seed(request, account.token);
  const token = await adminToken(request);
  await signedIn(page, token);
  for (const [width, height] of SIZES) {
    for (const theme of THEMES) {
      await show(page, theme, width, height, "/admin/notifications");
      await expect(page.getByRole("heading", { name: "All Notifications" })).toBeVisible();
      await expect(page.getByTestId("notification-row").first()).toBeVisible();
      expect(await noSideways(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(SHOTS, `admin-${width}-${theme}.png`) });
    }
  }
  await page.getByLabel("Type").selectOption("new_feature");
  await expect(page).toHaveURL(/type=new_feature/);
  const rows = page.getByTestId("notification-row");
  await expect(rows.first()).toContainText("New: matches on Telegram");
  await expect(rows.first()).toContainText(account.firstname);
  await expect(page.getByTitle("New feature").first()).toBeVisible();
  for (const title of await page.getByTestId("notification-title").allTextContents()) {
    expect(title).toBe("New: matches on Telegram");
  }
});
