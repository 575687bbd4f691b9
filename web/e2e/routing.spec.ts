import { expect, test } from "@playwright/test";

const NOT_READY = "Sorry, page is not ready yet!";

test("a deep link to a signed-in page loads the app and sends a visitor to sign in", async ({ page }) => {
  await page.goto("/chats/abc");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(NOT_READY)).toBeVisible();
  await expect(page).toHaveTitle("Dirabot");
});

test("admin pages send a visitor to sign in as well", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(NOT_READY)).toBeVisible();
});

test("an unknown address shows the not-found page, and Go Home leads on from /", async ({ page }) => {
  await page.goto("/some/unknown/path");
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText("Sorry, page not found!")).toBeVisible();

  await page.getByRole("button", { name: "Go Home" }).click();
  // "/" is the bots list, which sends a visitor on to sign in.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(NOT_READY)).toBeVisible();
});

test("the public pages render without checking the session", async ({ page }) => {
  const apiCalls: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/")) apiCalls.push(request.url());
  });
  await page.addInitScript(() => window.localStorage.setItem("authToken", "some-token"));

  for (const path of ["/login", "/register", "/forgotpassword", "/under_construction"]) {
    await page.goto(path);
    await expect(page.getByText(NOT_READY)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  await page.goto("/404");
  await expect(page.getByText("Sorry, page not found!")).toBeVisible();
  expect(apiCalls).toEqual([]);
});
