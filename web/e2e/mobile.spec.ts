import { expect, test } from "@playwright/test";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const pages = [
  { path: "/404", text: "Sorry, page not found!" },
  { path: "/under_construction", text: "Sorry, page is not ready yet!" },
];

for (const { path, text } of pages) {
  test(`${path} fits a phone screen without sideways scrolling`, async ({ page }) => {
    await page.goto(path);
    const heading = page.getByText(text);
    await expect(heading).toBeVisible();

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    const home = await page.getByRole("button", { name: "Go Home" }).boundingBox();
    expect(home).not.toBeNull();
    expect(home?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((home?.x ?? 0) + (home?.width ?? 0)).toBeLessThanOrEqual(390);
    await expect(page.getByRole("button", { name: "Switch to Dark Mode" })).toBeInViewport();
  });
}

for (const path of ["/login", "/register", "/forgotpassword"]) {
  test(`${path} fits a phone screen`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const submit = await page.locator('button[type="submit"]').boundingBox();
    expect((submit?.x ?? -1) >= 0 && (submit?.x ?? 0) + (submit?.width ?? 0) <= 390).toBe(true);
  });
}
