import { expect, test } from "@playwright/test";
import { newAccount } from "./accounts.ts";
import { telegramDouble } from "./telegram.ts";

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

// With the Telegram double the driver starts (E2E_TELEGRAM_DOUBLE), the spec plays the user's
// Telegram side: it links the account and reads the code the bot sends.
test("forgot password completes with the code sent to the linked Telegram account", async ({
  page,
  request,
}) => {
  const telegram = telegramDouble(request);
  const account = await newAccount(request);
  const chatId = 5000 + Math.floor(Math.random() * 100_000);
  const link = await request.post("/api/users/me/telegram-link", {
    headers: { authorization: `Bearer ${account.token}` },
    data: { password: account.password },
  });
  const { code: linkCode } = (await link.json()) as { code: string };
  await telegram.say(chatId, `/start ${linkCode}`, { username: "dana_tg" });
  await expect
    .poll(async () => {
      const me = await request.get("/api/users/me", {
        headers: { authorization: `Bearer ${account.token}` },
      });
      return ((await me.json()) as { user: { telegram: { linked: boolean } } }).user.telegram.linked;
    })
    .toBe(true);

  await page.goto("/forgotpassword");
  await page.getByLabel("Username").fill(account.email);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(
    page.getByText("Verification code sent to your Telegram account. Please enter the code below."),
  ).toBeVisible();
  let code = "";
  await expect
    .poll(async () => {
      code = /code: (\d{6})/.exec((await telegram.sent(chatId)).at(-1) ?? "")?.[1] ?? "";
      return code;
    })
    .toMatch(/^\d{6}$/);
  await page.getByLabel("Verification code").fill(code);
  await page.getByRole("button", { name: "Verify code" }).click();
  await expect(page.getByText("Code verified. Please set your new password.")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("brand-new-pass");
  await page.getByLabel("Confirm password").fill("brand-new-pass");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(
    page.getByText("Password reset successful. You can now login with your new password."),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });
  const login = await request.post("/api/auth/login", {
    data: { email: account.email, password: "brand-new-pass" },
  });
  expect(login.status()).toBe(200);
});
