import { expect, test } from "@playwright/test";
import { newAccount, signedIn } from "./accounts.ts";

// The profile's Telegram link, which password reset depends on (codes are sent there).

test("profile: Link Telegram gives a code and a deep link", async ({ page, request }) => {
  const account = await newAccount(request);
  await signedIn(page, account.token);
  await page.goto("/profile");
  await page.getByRole("button", { name: "Link Telegram" }).click();
  const open = page.getByRole("button", { name: "Open Telegram" });
  await expect(open).toHaveAttribute("href", /^https:\/\/t\.me\//);
  await expect(open).toHaveAttribute("target", "_blank");
});
