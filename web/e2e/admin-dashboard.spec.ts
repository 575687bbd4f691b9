import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { adminToken, newAccount, signedIn } from "./accounts.ts";
import { expectNoSideways, SIZES, shotsDir, showAt, THEMES } from "./shots.ts";

// /admin/dashboard: the counts against the API's own numbers, the three service cards
// against the real scrapers — the Yad2 scraper and cleaner run against the Yad2 double that
// scripts/e2e.ts starts (E2E_YAD2_DOUBLE), Facebook has no groups configured so it is off — the
// fullscreen preview, the refresh and the 30 s timer; screenshots for people to look at.

const shot = shotsDir("admin-dashboard");

// One Yad2 double for the whole product: the test that makes it fail must not overlap the others.
test.describe.configure({ mode: "serial" });

const YAD2 = process.env.E2E_YAD2_DOUBLE;

async function yad2Failing(request: APIRequestContext, on: boolean) {
  expect(YAD2, "the Yad2 double that scripts/e2e.ts starts").toBeTruthy();
  const r = await request.post(`${YAD2}/__control/failing?on=${on ? 1 : 0}`);
  expect(r.status()).toBe(204);
}

/**
 * Signed in as a returning admin: the token in localStorage only. The start-up check renews the
 * session cookie, which the preview images (plain <img> requests, admin-only) carry.
 */
async function asAdmin(page: Page, request: APIRequestContext) {
  const token = await adminToken(request);
  await signedIn(page, token);
  return token;
}

const card = (page: Page, id: string) => page.getByTestId(`service-${id}`);
/** The Service Monitoring panel's own Refresh (other panels of the page have theirs). */
const refresh = (page: Page) =>
  page.getByRole("region", { name: "Service Monitoring" }).getByRole("button", { name: "Refresh" });

/** Refreshes until the card shows `state` (a scraper's state changes at its next run, ≤ ~12 s). */
async function until(page: Page, id: string, state: "online" | "offline") {
  await expect(async () => {
    await refresh(page).click();
    await expect(card(page, id)).toHaveAttribute("data-state", state, { timeout: 4_000 });
  }).toPass({ timeout: 45_000, intervals: [1_000, 2_000, 3_000] });
}

async function imageShown(selector: Locator) {
  await expect(selector).toBeVisible();
  await expect
    .poll(() => selector.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

test("the three counts are the API's numbers, with their subtitles", async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = await asAdmin(page, request);
  const get = async (path: string) =>
    (await (await request.get(path, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      count: number;
      bannedCount?: number;
      createdLastDay: number;
    };
  const n = (x: number) => x.toLocaleString("en-US");
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle("Dashboard | Dirabot");
  const cards = page.getByTestId("count-card");
  await expect(cards).toHaveCount(3);
  // Other specs add users, bots and listings meanwhile: each round lets the page load its counts
  // (slow on a busy box, so generously), then reads the API and compares at once; a round that
  // raced another spec's write reloads and tries again.
  let round = 0;
  await expect(async () => {
    if (round++ > 0) await page.reload();
    for (const one of await cards.all())
      await expect(one).toHaveAttribute("aria-busy", "false", { timeout: 20_000 });
    const [users, bots, assets] = await Promise.all([
      get("/api/users/count"),
      get("/api/requests/count"),
      get("/api/assets/count"),
    ]);
    const expected = [
      [
        "Total Users",
        users.count,
        `${n(users.bannedCount ?? -1)} banned · ${n(users.createdLastDay)} new today`,
      ],
      ["Total Bots", bots.count, `${n(bots.createdLastDay)} new in the last day`],
      ["Total Assets", assets.count, `${n(assets.createdLastDay)} new in the last day`],
    ] as const;
    for (const [label, count, subtitle] of expected) {
      const one = cards.filter({ hasText: label });
      await expect(one.getByTestId("count-value")).toHaveText(n(count), { timeout: 500 });
      await expect(one.getByTestId("count-subtitle")).toHaveText(subtitle, { timeout: 500 });
    }
  }).toPass({ timeout: 75_000 });
});

test("the Yad2 scraper and cleaner are online with a preview and a fullscreen view; Facebook is offline", async ({
  page,
  request,
  playwright,
}) => {
  test.setTimeout(90_000);
  const token = await asAdmin(page, request);
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Service Monitoring" })).toBeVisible();
  await until(page, "yad2-scraper", "online");
  await until(page, "yad2-cleaner", "online");

  for (const [id, type] of [
    ["yad2-scraper", "Yad2 Scraper"],
    ["yad2-cleaner", "Yad2 Cleaner"],
  ] as const) {
    const one = card(page, id);
    await expect(one.getByText("Online", { exact: true })).toBeVisible();
    await expect(one.getByText(/^Updated \d\d:\d\d:\d\d$/)).toBeVisible();
    // The preview is the gateway's own picture of the service (an SVG card in HTTP mode).
    await imageShown(one.getByRole("img", { name: `${type} preview` }));
    const fullscreen = one.getByRole("button", { name: "Fullscreen" });
    await expect(fullscreen).toBeEnabled();
    await fullscreen.click();
    const dialog = page.getByRole("dialog", { name: `${type} preview` });
    await imageShown(dialog.getByRole("img", { name: `${type} preview` }));
    const src = await dialog.getByRole("img").getAttribute("src");
    expect(src).toMatch(new RegExp(`/yad2/${id.slice(5)}/status\\?t=\\d+$`));
    await dialog.getByRole("button", { name: "Close" }).last().click();
    await expect(dialog).toBeHidden();
  }

  // Facebook: no groups are configured in the e2e product, so the gateway answers 503 with why, to
  // an admin (the dashboard's check carries the session cookie); anyone else reads the state only.
  // A stranger: a request context of its own (this test's holds the admin's session cookie).
  const stranger = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const anonymous = await stranger.head(`/facebook/status?t=${Date.now()}`);
  expect(anonymous.status()).toBe(503);
  expect(anonymous.headers()["x-status-reason"]).toBe("disabled");
  await stranger.dispose();
  const head = await request.head(`/facebook/status?t=${Date.now()}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(head.status()).toBe(503);
  const reason = decodeURIComponent(head.headers()["x-status-reason"] ?? "");
  expect(reason).not.toBe("");
  expect(reason).not.toBe("disabled");
  const facebook = card(page, "facebook-scraper");
  await expect(facebook).toHaveAttribute("data-state", "offline");
  await expect(facebook.getByText("Offline", { exact: true })).toBeVisible();
  await expect(facebook.getByText("Facebook service is offline")).toBeVisible();
  await expect(facebook.getByText(reason, { exact: true })).toBeVisible();
  await expect(facebook.getByText(/^Service returned status: 503 · checked \d\d:\d\d:\d\d$/)).toBeVisible();
  await expect(facebook.getByText("No Facebook Preview")).toBeVisible();
  await expect(facebook.getByText("Service might be in Axios mode")).toBeVisible();
  await expect(facebook.getByRole("button", { name: "Fullscreen" })).toBeDisabled();
});

test("Yad2 failing takes the scraper offline at its next run, and back online once healed", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await asAdmin(page, request);
  await page.goto("/admin/dashboard");
  await until(page, "yad2-scraper", "online");
  const scraper = card(page, "yad2-scraper");
  await yad2Failing(request, true);
  try {
    await until(page, "yad2-scraper", "offline");
    await expect(scraper.getByText("Yad2 Scraper service is offline")).toBeVisible();
    await expect(scraper.getByText(/500/).first()).toBeVisible();
    await expect(scraper.getByText("No Yad2 Scraper Preview")).toBeVisible();
    await expect(scraper.getByRole("button", { name: "Fullscreen" })).toBeDisabled();
  } finally {
    await yad2Failing(request, false);
  }
  await until(page, "yad2-scraper", "online");
  await expect(scraper.getByRole("button", { name: "Fullscreen" })).toBeEnabled();
  await expect(scraper.getByText("Yad2 Scraper service is offline")).toBeHidden();
});

test("Refresh re-checks every service at once, and the 30 s timer re-checks on its own", async ({
  page,
  request,
}) => {
  await asAdmin(page, request);
  const checks: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "HEAD") checks.push(new URL(r.url()).pathname);
  });
  await page.clock.install();
  await page.goto("/admin/dashboard");
  await expect.poll(() => checks.length).toBe(3);
  expect([...checks].sort()).toEqual(["/facebook/status", "/yad2/cleaner/status", "/yad2/scraper/status"]);
  const facebook = card(page, "facebook-scraper");
  await expect(facebook).toHaveAttribute("data-state", "offline");

  // Manual refresh: each card back to loading (fullscreen disabled), then its new answer.
  await refresh(page).click();
  await expect.poll(() => checks.length).toBe(6);
  await expect(facebook).toHaveAttribute("data-state", "offline");

  // The timer: 30 s later (the page's clock), three more checks without a click. The installed
  // clock also runs on its own meanwhile (a loaded box spends seconds on the steps above), so
  // the first look is well before 30 s and the second well after.
  await page.clock.runFor(24_000);
  expect(checks.length).toBe(6);
  await page.clock.runFor(8_000);
  await expect.poll(() => checks.length).toBe(9);
});

test("a signed-in user who is not an admin is sent away from /admin/dashboard", async ({ page, request }) => {
  const user = await newAccount(request, "Noa");
  await signedIn(page, user.token);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/bots$/);
  await expect(page.getByRole("heading", { name: "Service Monitoring" })).toBeHidden();
  const r = await request.get("/api/users/count", { headers: { authorization: `Bearer ${user.token}` } });
  expect(r.status()).toBe(403);
});

test("/admin redirects to the dashboard; screenshots in both themes at desktop and phone widths", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await asAdmin(page, request);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  for (const size of SIZES) {
    for (const theme of THEMES) {
      const width = size[0];
      await showAt(page, "/admin/dashboard", theme, size);
      await expect(page.getByTestId("count-value").first()).not.toHaveText("—");
      for (const id of ["yad2-scraper", "yad2-cleaner", "facebook-scraper"])
        await expect(card(page, id)).not.toHaveAttribute("data-state", "loading");
      await expect(page.getByRole("img", { name: / preview$/ }).first()).toBeVisible();
      await expectNoSideways(page);
      if (width < 700) {
        // One column: the cards stack.
        const [a, b] = await Promise.all(
          ["yad2-scraper", "yad2-cleaner"].map(async (id) => (await card(page, id).boundingBox())?.y ?? 0),
        );
        expect(b).toBeGreaterThan(a ?? 0);
      }
      await page.screenshot({ path: shot(`dashboard-${width}-${theme}.png`), fullPage: true });
    }
  }
  await card(page, "yad2-scraper").getByRole("button", { name: "Fullscreen" }).click();
  const dialog = page.getByRole("dialog", { name: "Yad2 Scraper preview" });
  await imageShown(dialog.getByRole("img"));
  // Measured once the dialog's opening animation (it grows into place) is over: the picture then
  // fills most of the phone's screen.
  await expect(page.locator(".bp6-overlay-enter-done").first()).toBeAttached();
  const shown = await dialog.getByRole("img").boundingBox();
  expect(shown?.width ?? 0).toBeGreaterThan(300);
  await page.screenshot({ path: shot("fullscreen-390-dark.png") });
  await page.setViewportSize({ width: 1366, height: 860 });
  await page.screenshot({ path: shot("fullscreen-1366-dark.png") });
});
