import { expect, type Page, test } from "@playwright/test";
import { newAccount, signedIn } from "./accounts.ts";
import { expectNoSideways, SIZES, shotsDir, showAt, THEMES } from "./shots.ts";

// The errors are caused from outside the app, the way they happen to users: a script error in a
// timer, a rejected promise nobody handles, a screen's code that fails to download, a screen that
// throws while rendering (its code replaced, at the network, by a component that throws).

const shot = shotsDir("errors");

const SCREEN_CHUNK = /\/assets\/UnderConstructionPage-[^/]*\.js$/;
const THROWING_SCREEN = `export default function UnderConstructionPage() {
  throw new Error("Render blew up");
}`;

/** The under-construction screen's code becomes a component that throws while rendering. */
async function breakTheScreen(page: Page) {
  await page.route(SCREEN_CHUNK, (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: THROWING_SCREEN }),
  );
}

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

test("an unhandled promise rejection raises the banner too, and Dismiss & Reload recovers", async ({
  page,
}) => {
  await page.goto("/404");
  await expect(page.getByText("Sorry, page not found!")).toBeVisible();
  await page.evaluate(() => {
    void Promise.reject(new Error("Nobody caught this"));
  });
  const banner = page.getByRole("alert");
  await expect(banner.getByText("Application Error!")).toBeVisible();
  await expect(banner.getByText("Nobody caught this")).toBeVisible();
  await banner.getByRole("button", { name: "Dismiss & Reload" }).click();
  await expect(page.getByText("Sorry, page not found!")).toBeVisible();
  await expect(page.getByText("Application Error!")).toBeHidden();
});

test("a screen that throws while rendering shows the error page, and Refresh Page recovers", async ({
  page,
}) => {
  const logged: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") logged.push(m.text());
  });
  await breakTheScreen(page);
  await page.goto("/under_construction");
  await expect(page.getByRole("heading", { name: "Oops! Something went wrong." })).toBeVisible();
  await expect(page.getByText("Sorry, page is not ready yet!")).toBeHidden();
  // The render error is caught by the error page, not left to the uncaught-error banner.
  await expect(page.getByText("Application Error!")).toBeHidden();
  expect(logged.join("\n")).toContain("Render blew up");

  // The fixed code is deployed.
  await page.unroute(SCREEN_CHUNK);
  await page.getByRole("button", { name: "Refresh Page" }).click();
  await expect(page.getByText("Sorry, page is not ready yet!")).toBeVisible();
  await expect(page.getByText("Oops! Something went wrong.")).toBeHidden();
});

test("the error page and the banner, light and dark, desktop and phone (screenshots)", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const account = await newAccount(request, "Tal");
  await signedIn(page, account.token);
  await breakTheScreen(page);
  await page.goto("/404");
  for (const size of SIZES) {
    for (const theme of THEMES) {
      const width = size[0];
      await showAt(page, "/under_construction", theme, size);
      await expect(page.getByRole("button", { name: "Refresh Page" })).toBeVisible();
      await expectNoSideways(page);
      await page.screenshot({ path: shot(`boundary-${width}-${theme}.png`) });

      // The banner over a signed-in screen.
      await page.goto("/bots");
      await expect(page.getByRole("heading", { name: "My Bots" })).toBeVisible();
      // The heading may be the gateway's drawn page: the app listens for errors once it has adopted it.
      await expect(page.locator("#root")).not.toHaveAttribute("data-drawn");
      await page.evaluate(() => {
        setTimeout(() => {
          throw new Error("Cannot read properties of undefined (reading 'chatId')");
        });
      });
      const banner = page.getByRole("alert").filter({ hasText: "Application Error!" });
      await expect(banner.getByRole("button", { name: "Dismiss & Reload" })).toBeVisible();
      const box = await banner.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      await expectNoSideways(page);
      await page.screenshot({ path: shot(`banner-${width}-${theme}.png`) });
    }
  }
});

test("a screen whose code fails to download shows the error page, and Refresh Page recovers", async ({
  page,
}) => {
  await page.route(SCREEN_CHUNK, (route) => route.abort("connectionreset"));
  await page.goto("/under_construction");
  await expect(page.getByText("Oops! Something went wrong.")).toBeVisible();

  // The network is back.
  await page.unroute(SCREEN_CHUNK);
  await page.getByRole("button", { name: "Refresh Page" }).click();
  await expect(page.getByText("Sorry, page is not ready yet!")).toBeVisible();
  await expect(page.getByText("Oops! Something went wrong.")).toBeHidden();
});
