import { expect, test } from "@playwright/test";

// The errors are caused from outside the app, the way they happen to users: a script error in a
// timer, a rejected promise nobody handles, a screen's code that fails to download.

test("an uncaught error raises the banner, and Dismiss & Reload recovers", async ({ page }) => {
  await page.goto("/404");
  await expect(page.getByText("Sorry, page not found!")).toBeVisible();

  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error("Timer blew up");
    });
  });
  const banner = page.getByRole("alert");
  await expect(banner.getByText("Application Error!")).toBeVisible();
  await expect(banner.getByText("Timer blew up")).toBeVisible();

  await banner.getByRole("button", { name: "Dismiss & Reload" }).click();
  await expect(page.getByText("Sorry, page not found!")).toBeVisible();
  await expect(page.getByText("Application Error!")).toBeHidden();
});

test("an unhandled promise rejection raises the banner too", async ({ page }) => {
  await page.goto("/404");
  await expect(page.getByText("Sorry, page not found!")).toBeVisible();
  await page.evaluate(() => {
    void Promise.reject(new Error("Nobody caught this"));
  });
  await expect(page.getByText("Application Error!")).toBeVisible();
  await expect(page.getByText("Nobody caught this")).toBeVisible();
});

test("a screen whose code fails to download shows the error page, and Refresh Page recovers", async ({
  page,
}) => {
  const screenChunk = /\/assets\/UnderConstructionPage-[^/]*\.js$/;
  await page.route(screenChunk, (route) => route.abort("connectionreset"));
  await page.goto("/under_construction");
  await expect(page.getByText("Oops! Something went wrong.")).toBeVisible();

  // The network is back.
  await page.unroute(screenChunk);
  await page.getByRole("button", { name: "Refresh Page" }).click();
  await expect(page.getByText("Sorry, page is not ready yet!")).toBeVisible();
  await expect(page.getByText("Oops! Something went wrong.")).toBeHidden();
});
