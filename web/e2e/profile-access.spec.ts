import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { type Account, newAccount, signedIn } from "./accounts.ts";
import { expectNoSideways, SIZES, shotsDir, showAt, THEMES } from "./shots.ts";

// The profile's "Signed in and connected": the sessions and push devices that reach
// the account, each ended from there; a session signed out takes its push devices with it.

const shot = shotsDir("profile-access");
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile/15E148 Safari/604.1";
const KEYS = {
  p256dh: "BBh0UQY2ALjMoFkfkdHRcSuWrPhQpkPOIxQADD9zbYq58EPe9SALhwDqoVKQboSz6pLTslBVHmMpQ47C1hBm8cE",
  auth: "tgMBAvomB1vWjdBbw6xW3Q",
};

/** The same person signed in on a phone, whose browser receives pushes. */
async function phoneOf(request: APIRequestContext, account: Account): Promise<string> {
  const login = await request.post("/api/auth/login", {
    data: { email: account.email, password: account.password },
    headers: { "user-agent": IPHONE },
  });
  const { token } = (await login.json()) as { token: string };
  const sub = await request.post("/api/notifications/subscribe", {
    data: { subscription: { endpoint: `https://push.example.com/${Date.now()}`, keys: KEYS } },
    headers: { authorization: `Bearer ${token}`, "user-agent": IPHONE },
  });
  expect(sub.status()).toBe(200);
  return token;
}

const panel = (page: Page) => page.getByRole("region", { name: "Signed-in sessions" });
const devices = (page: Page) => page.getByRole("region", { name: "Devices receiving notifications" });

test("lists the sessions and push devices; signing the phone out ends it and its pushes", async ({
  page,
  request,
}) => {
  const account = await newAccount(request);
  const phone = await phoneOf(request, account);
  await signedIn(page, account.token);
  await page.goto("/profile");
  await expect(panel(page).getByRole("listitem")).toHaveCount(2);
  await expect(panel(page).getByText("Safari on iPhone")).toBeVisible();
  await expect(panel(page).getByText("This device")).toHaveCount(1);
  await expect(devices(page).getByText("Safari on iPhone")).toBeVisible();
  for (const theme of THEMES)
    for (const size of SIZES) {
      await showAt(page, "/profile", theme, size);
      await expect(devices(page).getByText("Safari on iPhone")).toBeVisible();
      await page.getByRole("heading", { name: "Signed in and connected" }).scrollIntoViewIfNeeded();
      await expectNoSideways(page);
      await page.screenshot({ path: shot(`profile-access-${theme}-${size[0]}.png`), fullPage: true });
    }

  const phoneRow = panel(page).getByRole("listitem").filter({ hasText: "Safari on iPhone" });
  await phoneRow.getByRole("button", { name: "Sign out" }).click();
  await expect(panel(page).getByRole("listitem")).toHaveCount(1);
  await expect(devices(page).getByText("No device receives your notifications.")).toBeVisible();
  const after = await request.get("/api/users/me", { headers: { authorization: `Bearer ${phone}` } });
  expect(after.status()).toBe(401);
});

test("signing this device out is a logout", async ({ page, request }) => {
  const account = await newAccount(request);
  await signedIn(page, account.token);
  await page.goto("/profile");
  await panel(page)
    .getByRole("listitem")
    .filter({ hasText: "This device" })
    .getByRole("button", { name: "Sign out" })
    .click();
  await expect(page).toHaveURL(/\/login$/);
});
