import { expect, test } from "@playwright/test";

// The page itself: title, icon, theme colour, and a console free of errors (CSP violations from
// the gateway's strict policy show up there too).

test("the page has its title, icon and theme colour", async ({ page, request }) => {
  await page.goto("/404");
  await expect(page).toHaveTitle("Dirabot");
  await expect(page.locator('meta[name="viewport"]')).toHaveAttribute("content", /width=device-width/);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#f6f7f9");

  const href = await page.locator('link[rel="icon"]').getAttribute("href");
  expect(href).toBe("/favicon.svg");
  const icon = await request.get(href ?? "");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");
});

test("the public pages load without console errors", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));

  await page.goto("/404");
  await expect(page.getByText("Sorry, page not found!")).toBeVisible();
  await page.goto("/under_construction");
  await expect(page.getByText("Sorry, page is not ready yet!")).toBeVisible();
  await page.getByRole("button", { name: "Switch to Dark Mode" }).click();
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#1c2127");
  expect(errors).toEqual([]);
});
