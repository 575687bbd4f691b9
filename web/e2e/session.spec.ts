import { expect, test } from "@playwright/test";

// The start-up session check (web/src/features/auth/sessionRule.ts): a token the server refuses (401) ends on /login and is
// dropped. Outages during the check, which must not sign anyone out, are in session-outage.spec.ts.

test("a stored token is checked, and a rejected one is dropped on the way to sign in", async ({ page }) => {
  await page.addInitScript(() => {
    // Only on the first load, so the test can see what the app did to it afterwards.
    if (!window.sessionStorage.getItem("seeded")) {
      window.sessionStorage.setItem("seeded", "1");
      window.localStorage.setItem("authToken", "stale-token");
    }
  });
  const validate = page.waitForRequest(
    (request) => request.url().endsWith("/api/auth/validate") && request.method() === "POST",
  );
  await page.goto("/bots");

  const sent = await validate;
  expect(sent.postDataJSON()).toEqual({ token: "stale-token" });
  expect(sent.headers().authorization).toBe("Bearer stale-token");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem("authToken"))).toBeNull();
});

test("a token in a v3 cookie is copied to storage and checked", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "dirabot_token_v3", value: "cookie-token", url: baseURL ?? "" }]);
  const validate = page.waitForRequest((request) => request.url().endsWith("/api/auth/validate"));
  await page.goto("/properties");

  expect((await validate).postDataJSON()).toEqual({ token: "cookie-token" });
  await expect(page).toHaveURL(/\/login$/);
  // Rejected, so both copies are gone: the cookie cannot bring the dead token back.
  const cookies = await context.cookies();
  expect(cookies.filter((cookie) => cookie.name.includes("v3"))).toEqual([]);
});

test("the loading page shows while the session is being checked", async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("authToken", "slow-token"));
  // A slow network: hold the check until the loading page has been seen, then let it through.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/auth/validate", async (route) => {
    await held;
    await route.continue();
  });

  await page.goto("/notifications");
  await expect(page.getByText("Loading...")).toBeVisible();
  await expect(page.getByText("Were checking a few things...")).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/login$/);
});
