import { expect, type Page, test } from "@playwright/test";

const DARK_BACKGROUND = "rgb(28, 33, 39)";
const LIGHT_BACKGROUND = "rgb(246, 247, 249)";

function pageBackground(page: Page) {
  return page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
}

test("the theme starts light, switches to dark and stays dark after a reload", async ({ page }) => {
  await page.goto("/404");
  await expect(page.getByText("Sorry, page not found!")).toBeVisible();
  expect(await pageBackground(page)).toBe(LIGHT_BACKGROUND);

  await page.getByRole("button", { name: "Switch to Dark Mode" }).click();
  await expect(page.locator("body")).toHaveClass(/\bbp6-dark\b/);
  expect(await pageBackground(page)).toBe(DARK_BACKGROUND);

  await page.reload();
  await expect(page.getByText("Sorry, page not found!")).toBeVisible();
  await expect(page.locator("body")).toHaveClass(/\bbp6-dark\b/);
  expect(await pageBackground(page)).toBe(DARK_BACKGROUND);
  expect(await page.evaluate(() => window.localStorage.getItem("theme"))).toBe("dark");

  // And back: the toggle now offers light mode.
  await page.getByRole("button", { name: "Switch to Light Mode" }).click();
  await page.reload();
  await expect(page.getByRole("button", { name: "Switch to Dark Mode" })).toBeVisible();
  expect(await pageBackground(page)).toBe(LIGHT_BACKGROUND);
  expect(await page.evaluate(() => window.localStorage.getItem("theme"))).toBe("light");
});

test("the dark theme carries over to other pages", async ({ page }) => {
  await page.goto("/under_construction");
  await page.getByRole("button", { name: "Switch to Dark Mode" }).click();
  await page.getByRole("button", { name: "Go Home" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator("body")).toHaveClass(/\bbp6-dark\b/);
});
