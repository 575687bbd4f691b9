import { expect, type Page, type Route, test } from "@playwright/test";
import { newAccount } from "./accounts.ts";
import { Door } from "./outage.ts";

// The start-up check (web/src/features/auth/sessionRule.ts) signs out only on the server's verdict: a 401, or no profile. A
// hiccup — a navigation cutting the check short, a 429 or 5xx, a server restart refusing
// connections — keeps the token; the loading page stays up while the check is tried again, and the
// person lands where they were going. The outages are staged in front of the real server (a
// Playwright route answering 5xx or refusing, or a door on its own port that is shut and reopened);
// every answer that ends a check comes from the real server.

const VALIDATE = "**/api/auth/validate";
const ME = "**/api/users/me";

/** Stores `token` as a returning visitor's, without any check running (/404 asks nothing). */
async function storeToken(page: Page, token: string, origin = ""): Promise<void> {
  await page.goto(`${origin}/404`);
  await page.evaluate((value) => window.localStorage.setItem("authToken", value), token);
}

const storedToken = (page: Page) => page.evaluate(() => window.localStorage.getItem("authToken"));

async function expectMyBots(page: Page, token: string): Promise<void> {
  await expect(page.getByRole("heading", { name: "My Bots" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/bots");
  expect(await storedToken(page)).toBe(token);
}

async function expectLoadingPage(page: Page): Promise<void> {
  await expect(page.getByText("Loading...")).toBeVisible();
  await expect(page.getByText("Were checking a few things...")).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/bots");
}

/** Answers a route's requests with `steps` in turn, then lets them through to the real server. */
function staged(steps: Array<(route: Route) => Promise<void>>, times: number[]) {
  return async (route: Route) => {
    times.push(Date.now());
    const step = steps.shift();
    await (step ? step(route) : route.continue());
  };
}
const unavailable =
  (status: number, headers: Record<string, string> = {}) =>
  (route: Route) =>
    route.fulfill({
      status,
      headers,
      contentType: "application/json",
      body: JSON.stringify({ message: "Service unavailable", code: "unavailable" }),
    });
const refused = (route: Route) => route.abort("connectionrefused");

const ROUNDS = 10;

/** Opens /bots twice quickly, `way` of four, and each time ends on My Bots with the token kept. */
const twice: Record<string, (page: Page, round: number) => Promise<void>> = {
  // A reload while the check's validate, then its /me, is on the way: held 300 ms on the way to the
  // real server so that the second navigation cuts it for certain.
  "a reload cutting validate short": (page) => reloadWhileSent(page, VALIDATE),
  "a reload cutting /me short": (page) => reloadWhileSent(page, ME),
  // As a person does it: twice in a row at any moment (Playwright may report either navigation as
  // interrupted by the other; the page that stays is what counts) ...
  "twice in a row": async (page, round) => {
    const first = page.goto("/bots").catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, round * 25));
    await page.goto("/bots").catch(() => undefined);
    await first;
  },
  // ... and in two tabs at once, which share the stored token.
  "in two tabs at once": async (page) => {
    const other = await page.context().newPage();
    await Promise.all([page.goto("/bots"), other.goto("/bots")]);
    await expectMyBots(other, (await storedToken(page)) ?? "");
    await other.close();
  },
};

async function reloadWhileSent(page: Page, url: string): Promise<void> {
  // Without the session cookie the check's own (the last round's check renewed it): with it, the
  // gateway draws My Bots with the check's answers in the page, and no check is sent to cut short.
  await page.context().clearCookies();
  await page.route(url, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue().catch(() => undefined);
  });
  const sent = page.waitForRequest(url.replace("**", ""));
  const first = page.goto("/bots").catch(() => undefined);
  await sent;
  await page.unroute(url);
  await page.goto("/bots");
  await first;
}

for (const [way, open] of Object.entries(twice)) {
  test(`opening /bots twice quickly never signs out: ${way}, ${ROUNDS} rounds`, async ({ page, request }) => {
    test.setTimeout(240_000);
    const account = await newAccount(request);
    await storeToken(page, account.token);
    for (let round = 0; round < ROUNDS; round++) {
      await open(page, round);
      await expectMyBots(page, account.token);
    }
  });
}

test("503s, refused connections, a 429 and a time-out during start-up keep the person signed in", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const account = await newAccount(request);
  await storeToken(page, account.token);
  const validateTimes: number[] = [];
  const meTimes: number[] = [];
  await page.route(
    VALIDATE,
    staged(
      [
        unavailable(503),
        refused,
        unavailable(429, { "Retry-After": "3" }),
        (route) => route.abort("timedout"),
      ],
      validateTimes,
    ),
  );
  await page.route(ME, staged([], meTimes));

  await page.goto("/bots");
  await expect.poll(() => validateTimes.length).toBeGreaterThanOrEqual(2);
  await expectLoadingPage(page);
  expect(await storedToken(page)).toBe(account.token);

  await expect(page.getByRole("heading", { name: "My Bots" })).toBeVisible({ timeout: 20_000 });
  await expectMyBots(page, account.token);
  // Each attempt is the whole check, validate and /me asked together and judged in that order:
  // three refused validates and a timed-out one (whatever /me answered beside them), then both
  // through. /me goes out beside each validate, unless a failed validation cancelled it first.
  expect(validateTimes).toHaveLength(5);
  expect(meTimes.length).toBeGreaterThanOrEqual(1);
  expect(meTimes.length).toBeLessThanOrEqual(5);
  // Backed off: 0.5 s, then 1 s (each ±20 %), then the 3 s the 429 asked for (the back-off alone
  // would have waited 2 s), then 4 s after the time-out.
  const gaps = validateTimes.slice(1).map((at, i) => at - (validateTimes[i] ?? at));
  expect(gaps[0]).toBeGreaterThanOrEqual(350);
  // The first attempt leaves with the page, before the code: the first gap also holds the code's
  // download and start, over a second on a loaded machine, so its bound only
  // says the check did not wait out a longer back-off first.
  expect(gaps[0]).toBeLessThan(2500);
  expect(gaps[1]).toBeGreaterThanOrEqual(750);
  expect(gaps[2]).toBeGreaterThanOrEqual(2950);
  expect(gaps[3]).toBeGreaterThanOrEqual(3150);
});

test("a server restart in the middle of the check keeps the person signed in", async ({
  page,
  request,
  baseURL,
}) => {
  const account = await newAccount(request);
  const door = await Door.open(baseURL ?? "");
  try {
    await storeToken(page, account.token, door.url);
    const failed: string[] = [];
    page.on("requestfailed", (req) => {
      if (req.url().endsWith("/api/auth/validate")) failed.push(req.failure()?.errorText ?? "");
    });
    // A returning visitor: the app's code is in the browser's cache (hashed files, immutable).
    // The check starts as the app does, beside the screen's code; a restart while that code
    // downloads is another story (the route's error screen, with Refresh Page).
    await page.goto(`${door.url}/bots`);
    await expectMyBots(page, account.token);
    // The check's first call reaches the server, which goes down before it answers. (Without the
    // session cookie the first visit's check renewed: with it, My Bots comes drawn, the check's
    // answers in the page, and no check is sent.)
    await page.context().clearCookies();
    door.seen.length = 0;
    door.hold((req) => req.url === "/api/auth/validate");
    await page.goto(`${door.url}/bots`);
    await expect.poll(() => door.seen.includes("/api/auth/validate")).toBe(true);
    await door.shut();

    // Down for a while: every attempt is refused, the loading page stays, the token stays.
    await expect.poll(() => failed.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    expect(failed.some((text) => text.includes("ERR_CONNECTION_REFUSED"))).toBe(true);
    await expectLoadingPage(page);
    expect(await storedToken(page)).toBe(account.token);

    // Back up: the next attempt gets through to the real server.
    door.hold(null);
    await door.reopen();
    await expectMyBots(page, account.token);
  } finally {
    await door.shut();
  }
});

test("a 401 still signs out, also when it follows an outage", async ({ page, request }) => {
  const account = await newAccount(request);
  // Signed out on the server: the token is now refused with a 401.
  const logout = await request.post("/api/auth/logout", {
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(logout.ok()).toBe(true);

  await storeToken(page, account.token);
  const times: number[] = [];
  await page.route(VALIDATE, staged([unavailable(503), refused], times));
  await page.goto("/bots");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  expect(times).toHaveLength(3);
  expect(await storedToken(page)).toBeNull();

  // And straight away, with no outage before it.
  await page.unroute(VALIDATE);
  await storeToken(page, "forged.token.value");
  await page.goto("/bots");
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBeNull();
});

test("/redirect waits out an outage instead of sending the person to sign in", async ({ page, request }) => {
  const account = await newAccount(request);
  await storeToken(page, account.token);
  const times: number[] = [];
  await page.route(ME, staged([unavailable(503), refused, unavailable(500)], times));
  await page.goto("/redirect");
  await expect.poll(() => times.length).toBeGreaterThanOrEqual(2);
  await expect(page.getByText("Hold tight, setting you up :)")).toBeVisible();
  await expect(page.getByText("You are logged in :)")).toBeVisible();
  await expect(page).toHaveURL(/\/bots$/);
  expect(await storedToken(page)).toBe(account.token);
});
