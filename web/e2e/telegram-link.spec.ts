import { REAUTH_MESSAGES } from "@dirabot/api/messages.ts";
import { expect, type Page, test } from "@playwright/test";
import { newAccount, signedIn, signInWithGoogle } from "./accounts.ts";
import { expectNoSideways, SIZES, shotsDir, showAt, THEMES } from "./shots.ts";

// The profile's Telegram link, which password reset depends on (codes are sent there): a session
// alone does not make one, the current password does (or, without one, a recent sign-in).

const shot = shotsDir("telegram-link");
// The push worker plays no part here, and a page it controls may send its calls past page.route.
test.use({ serviceWorkers: "block" });
const linkButton = (page: Page) => page.getByRole("button", { name: "Link Telegram" });

test("profile: Link Telegram asks for the current password, then gives a code and a deep link", async ({
  page,
  request,
}) => {
  const account = await newAccount(request);
  await signedIn(page, account.token);
  await page.goto("/profile");
  await linkButton(page).click();
  const dialog = page.getByRole("dialog", { name: "Link Telegram" });
  await expect(dialog.getByText("Enter your current password.")).toBeVisible();
  await dialog.getByLabel("Current password").fill("not-my-password");
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(REAUTH_MESSAGES.wrongPassword);
  await dialog.getByLabel("Current password").fill(account.password);
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog).toBeHidden();
  const open = page.getByRole("button", { name: "Open Telegram" });
  await expect(open).toHaveAttribute("href", /^https:\/\/t\.me\//);
  await expect(open).toHaveAttribute("target", "_blank");
});

test("a Google account links after a recent sign-in, and is told to sign in again after an old one", async ({
  page,
}) => {
  await signInWithGoogle(page);
  await page.goto("/profile");
  await linkButton(page).click();
  await expect(page.getByRole("button", { name: "Open Telegram" })).toBeVisible();

  // The server's answer for a sign-in older than 10 minutes (the clock is the server's).
  await page.route("**/api/users/me/telegram-link", (route) =>
    route.fulfill({
      status: 403,
      contentType: "application/json",
      body: JSON.stringify({ code: "reauth_required", message: REAUTH_MESSAGES.signIn }),
    }),
  );
  await page.reload();
  await linkButton(page).click();
  await expect(page.getByRole("alert")).toContainText(REAUTH_MESSAGES.signIn);
  await expect(page.getByRole("button", { name: "Sign in again" })).toBeVisible();
  for (const theme of THEMES)
    for (const size of SIZES) {
      await showAt(page, "/profile", theme, size);
      await linkButton(page).click();
      await expect(page.getByRole("alert")).toBeVisible();
      await expectNoSideways(page);
      await page.screenshot({ path: shot(`google-sign-in-again-${theme}-${size[0]}.png`), fullPage: true });
    }
  await page.getByRole("button", { name: "Sign in again" }).click();
  await expect(page).toHaveURL(/\/login/);
});

test("the password dialog at both widths in both themes", async ({ page, request }) => {
  const account = await newAccount(request);
  await signedIn(page, account.token);
  await page.goto("/profile");
  for (const theme of THEMES)
    for (const size of SIZES) {
      await showAt(page, "/profile", theme, size);
      await linkButton(page).click();
      const dialog = page.getByRole("dialog", { name: "Link Telegram" });
      await dialog.getByLabel("Current password").fill("wrong-one");
      await dialog.getByRole("button", { name: "Continue" }).click();
      await expect(dialog.getByRole("alert")).toBeVisible();
      await expectNoSideways(page);
      await page.screenshot({ path: shot(`password-dialog-${theme}-${size[0]}.png`) });
    }
});
