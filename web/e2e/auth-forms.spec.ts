import { expect, test } from "@playwright/test";
import { signInWithGoogle } from "./accounts.ts";

// The sign-in screens as a visitor sees them before talking to the server: texts, links and the
// validation messages, character for character.

test("sign in: links, and the messages of an empty or short entry", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("username is required")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();

  await page.getByLabel("Username").fill("dana@example.com");
  await page.getByLabel("Password", { exact: true }).fill("12345");
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  await expect(page.getByText("username is required")).toBeHidden();

  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgotpassword$/);
  await page.getByRole("link", { name: "Back to Login" }).click();
  await page.getByRole("link", { name: "Get started" }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test("register: every field says what it needs", async ({ page }) => {
  await page.goto("/register");
  await page.getByRole("button", { name: "Register" }).click();
  for (const message of [
    "First name is required",
    "Last name is required",
    "Password is required",
    "Please verify your password",
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByText("username", { exact: true })).toBeVisible();

  await page.getByLabel("Password", { exact: true }).fill("abc");
  await page.getByLabel("Verify password").fill("abd");
  await expect(page.getByText("Password must be at least 6 characters long")).toBeVisible();
  await expect(page.getByText("Passwords do not match")).toBeVisible();

  // The show/hide switch reveals what was typed.
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");

  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("forgot password starts by asking for the username", async ({ page }) => {
  await page.goto("/forgotpassword");
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("Username is required")).toBeVisible();
});

test("reset password wants 8 characters, confirmed", async ({ page }) => {
  await page.goto("/resetpassword?token=t&email=dana%40example.com");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByText("New password is required")).toBeVisible();
  await expect(page.getByText("Please confirm your password")).toBeVisible();
  await page.getByLabel("New password").fill("1234567");
  await page.getByLabel("Confirm password").fill("12345678");
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await page.getByLabel("New password").fill("12345679");
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await page.getByRole("link", { name: "Back to Login" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

// The driver runs a local OpenID Connect issuer in Google's place (gateway/test/e2e-issuer.ts), with
// oidc-provider's development sign-in and consent screens.
test("Google sign-in completes through the issuer and lands signed in", async ({ page }) => {
  const name = await signInWithGoogle(page);
  const me = await page.evaluate(async () => {
    const res = await fetch("/api/users/me", {
      headers: { authorization: `Bearer ${localStorage.getItem("authToken")}` },
    });
    return ((await res.json()) as { user: { email: string; oauthProvider: string } }).user;
  });
  expect(me).toMatchObject({ email: `${name}@gmail.test`, oauthProvider: "google" });
});

test("a failed Google sign-in comes back to sign in with 'Login failed'", async ({ page }) => {
  await page.goto("/login?error=google");
  await expect(page.getByRole("alert")).toHaveText("Login failed");
});
