import { randomInt, randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page } from "@playwright/test";

// Accounts for the specs, made through the product's own API (no mocks): a fresh user per test so
// tests stay independent, and the admin the e2e driver bootstraps (scripts/e2e.ts).

export interface Account {
  email: string;
  password: string;
  firstname: string;
  lastname: string;
  token: string;
}

export const admin = {
  email: process.env.E2E_ADMIN_EMAIL ?? "admin@dirabot.test",
  password: process.env.E2E_ADMIN_PASSWORD ?? "e2e-admin-password",
};

export async function newAccount(
  request: APIRequestContext,
  firstname = "Dana",
  headers: Record<string, string> = {},
): Promise<Account> {
  const account = {
    email: `e2e-${randomUUID().slice(0, 8)}@example.com`,
    password: "secret-pass",
    firstname,
    lastname: `Tester${randomUUID().slice(0, 4)}`,
  };
  // Each from an address of its own, as people sign up (the product runs with TRUST_PROXY=1):
  // an address may open only a few accounts a minute.
  const from = `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  const response = await request.post("/api/auth/register", {
    data: account,
    headers: { ...headers, "x-forwarded-for": from },
  });
  if (response.status() !== 201)
    throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return { ...account, token };
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post("/api/auth/login", { data: admin });
  if (!response.ok()) throw new Error(`admin login failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * An admin whose account speaks Hebrew, for the specs that show the admin screens in Hebrew: the
 * bootstrap admin stays English for every other spec running beside them. Opened from a Hebrew
 * browser, then made an admin by the bootstrap one (which ends its sessions), then signed in.
 */
export async function hebrewAdminToken(request: APIRequestContext): Promise<string> {
  const hebrew = { "accept-language": "he-IL,he;q=0.9" };
  const account = await newAccount(request, "Noa", hebrew);
  const me = await request.get("/api/users/me", { headers: { authorization: `Bearer ${account.token}` } });
  const { user } = (await me.json()) as { user: { _id: string; locale?: string } };
  expect(user.locale).toBe("he");
  const promoted = await request.patch(`/api/users/${user._id}`, {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { roles: ["user", "admin"] },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);
  const login = await request.post("/api/auth/login", {
    data: { email: account.email, password: account.password },
    headers: hebrew,
  });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/** Starts the page signed in, as a returning visitor whose token is in localStorage. */
export async function signedIn(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => {
    if (!window.sessionStorage.getItem("e2e-seeded")) {
      window.sessionStorage.setItem("e2e-seeded", "1");
      window.localStorage.setItem("authToken", value);
    }
  }, token);
}

/**
 * Signs a new Google account in through the local issuer's development screens (oidc-provider);
 * answers its login name (the address is `<name>@gmail.test`).
 */
export async function signInWithGoogle(page: Page): Promise<string> {
  const name = `gali${Date.now().toString(36)}`;
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await page.locator('input[name="login"]').fill(name);
  await page.locator('input[name="password"]').fill("any");
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]').click(); // consent
  await expect(page).toHaveURL(/\/bots$/, { timeout: 15_000 });
  return name;
}
