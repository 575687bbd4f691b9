import { expect, test } from "@playwright/test";

const SIGN_IN = { name: "Sign in", level: 1 } as const;

test("a deep link to a signed-in page loads the app and sends a visitor to sign in", async ({ page }) => {
  await page.goto("/chats/abc");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", SIGN_IN)).toBeVisible();
  await expect(page).toHaveTitle("Dirabot");
});

test("admin pages send a visitor to sign in as well", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", SIGN_IN)).toBeVisible();
});

test("an unknown address shows the not-found page, and Go Home leads on from /", async ({ page }) => {
  await page.goto("/some/unknown/path");
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText("Sorry, page not found!")).toBeVisible();

  await page.getByRole("button", { name: "Go Home" }).click();
  // "/" is the bots list, which sends a visitor on to sign in.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", SIGN_IN)).toBeVisible();
});

test("the public pages render without checking the session", async ({ page }) => {
  const sessionCalls: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/api/auth/") || path.startsWith("/api/users/")) sessionCalls.push(path);
  });
  await page.addInitScript(() => window.localStorage.setItem("authToken", "some-token"));

  const pages = [
    { path: "/register", text: "Create an account" },
    { path: "/forgotpassword", text: "Forgot password?" },
    { path: "/resetpassword", text: "Reset password" },
    { path: "/under_construction", text: "Sorry, page is not ready yet!" },
    { path: "/404", text: "Sorry, page not found!" },
  ];
  for (const { path, text } of pages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: text }).first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  expect(sessionCalls).toEqual([]);
});

test("/login with a stored token goes through the check, and a dead token lands back on sign in", async ({
  page,
}) => {
  await page.addInitScript(() => {
    if (!window.sessionStorage.getItem("seeded")) {
      window.sessionStorage.setItem("seeded", "1");
      window.localStorage.setItem("authToken", "dead-token");
    }
  });
  const validate = page.waitForRequest((request) => request.url().endsWith("/api/auth/validate"));
  await page.goto("/login");
  expect((await validate).postDataJSON()).toEqual({ token: "dead-token" });
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", SIGN_IN)).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem("authToken"))).toBeNull();
});
