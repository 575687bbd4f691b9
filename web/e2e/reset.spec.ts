import { expect, test } from "@playwright/test";
import { newAccount } from "./accounts.ts";

// Password reset against the real services. The code itself arrives in Telegram, which the tests
// cannot read, so they follow the flow up to the code step.

test("forgot password: the code is sent, and a wrong code stays on the code step", async ({
  page,
  request,
}) => {
  const account = await newAccount(request);
  await page.goto("/forgotpassword");
  await page.getByLabel("Username").fill(account.email);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(
    page.getByText("Verification code sent to your Telegram account. Please enter the code below."),
  ).toBeVisible();

  await page.getByRole("button", { name: "Verify code" }).click();
  await expect(page.getByText("Verification code is required")).toBeVisible();
  await page.getByLabel("Verification code").fill("000000");
  await page.getByRole("button", { name: "Verify code" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid verification code");
  await expect(page.getByLabel("Verification code")).toBeVisible();
});

test("a reset link with a bad token says so and stays on the page", async ({ page, request }) => {
  const account = await newAccount(request);
  await page.goto(`/resetpassword?token=not-a-token&email=${encodeURIComponent(account.email)}`);
  await page.getByLabel("New password").fill("new-password-1");
  await page.getByLabel("Confirm password").fill("new-password-1");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page).toHaveURL(/\/resetpassword/);
});
