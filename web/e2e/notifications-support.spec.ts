import { expect, test } from "@playwright/test";
import { newAccount, signedIn } from "./accounts.ts";
import { notify } from "./notifications.ts";

// Browsers where web push cannot work, or only as an installed app ("Web Push Notifications
// are not fully supported on this browser.", and iOS's rules). Chromium stands in for them:
// its push pieces are removed, or it says it is Safari on an iPhone.

test("without web push: the warning and its reason, the list without a guide, no prompt", async ({
  page,
  request,
}) => {
  const account = await newAccount(request, "Hila");
  await notify(request, account.token, { title: "Still here", body: "The list works without push" });
  await page.addInitScript(() => {
    // As in a browser with no Push API (an old one, or a locked-down one).
    delete (window as unknown as { PushManager?: unknown }).PushManager;
  });
  await signedIn(page, account.token);
  await page.goto("/notifications");
  const warning = page.getByRole("heading", {
    name: "Web Push Notifications are not fully supported on this browser.",
  });
  await expect(warning).toBeVisible();
  await expect(page.getByText("Push notifications are not supported by this browser")).toBeVisible();
  await expect(page.getByRole("region", { name: "Notification setup" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Notification list" }).getByText("Still here")).toBeVisible();
  await page.getByRole("button", { name: /^Notifications/ }).click();
  await expect(page.getByRole("region", { name: "Notifications" }).getByText("Still here")).toBeVisible();
  await expect(page.getByRole("button", { name: "Enable Notifications" })).toHaveCount(0);
});

test.describe("Safari on an iPhone, in a tab", () => {
  test.use({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  });

  test("install first: the Home Screen steps, no Skip, and the bell's prompt leads there", async ({
    page,
    request,
  }) => {
    const account = await newAccount(request, "Noga");
    await page.addInitScript(() => {
      // Safari gives a tab no Push API; only the Home Screen app has one.
      delete (window as unknown as { PushManager?: unknown }).PushManager;
      window.localStorage.setItem("pwaPrompted", "true");
    });
    await signedIn(page, account.token);
    await page.goto("/bots");
    await page.getByRole("button", { name: /^Notifications/ }).click();
    await page.getByRole("button", { name: "Enable Notifications" }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(
      page.getByRole("heading", { name: "Web Push Notifications are not fully supported on this browser." }),
    ).toBeVisible();
    const guide = page.getByRole("region", { name: "Notification setup" });
    await expect(guide.getByText("Choose 'Add to Home Screen', then Add.")).toBeVisible();
    await expect(guide.getByRole("button", { name: "Skip" })).toHaveCount(0);
    await expect(guide.getByRole("button", { name: "Next" })).toBeDisabled();
  });
});
