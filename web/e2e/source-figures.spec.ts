import { type APIRequestContext, expect, test } from "@playwright/test";
import { adminToken, newAccount, signedIn } from "./accounts.ts";
import { expectNoSideways, SIZES, shotsDir, showAt, THEMES } from "./shots.ts";

// The Source Figures panel under the service cards, against the real product: the
// Yad2 scraper and cleaner run against the double scripts/e2e.ts starts (E2E_YAD2_DOUBLE); an
// admin's bot watches Florentin, the double lists flats there "posted" minutes ago, the scraper
// brings them, the bot matches, the chat writes them — and the panel shows what the services
// measured (GET /api/status/figures), compared here with that answer.

const shot = shotsDir("source-figures");
const YAD2 = process.env.E2E_YAD2_DOUBLE;
const FLORENTIN = 205;

// biome-ignore lint/suspicious/noExplicitAny: the figures' JSON is read field by field
type Json = any;

async function figures(request: APIRequestContext, token: string): Promise<Json> {
  const r = await request.get("/api/status/figures", { headers: { authorization: `Bearer ${token}` } });
  expect(r.status()).toBe(200);
  return r.json();
}
const source = (answer: Json, name: string) => answer.sources.find((s: Json) => s.name === name);

test("admins see each source's figures, freshness and blocked periods; others get 403", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  expect(YAD2, "the Yad2 double that scripts/e2e.ts starts").toBeTruthy();
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };

  // Not for users: the figures, the status JSON and the checks' images; the HEAD stays public.
  const user = await newAccount(request);
  for (const path of ["/api/status/figures", "/api/status", "/yad2/scraper/status"]) {
    const r = await request.get(path, { headers: { authorization: `Bearer ${user.token}` } });
    expect(r.status(), path).toBe(403);
  }
  expect([200, 503]).toContain((await request.head("/yad2/scraper/status")).status());

  // An admin's bot on Florentin in a price band of this run's own, then flats for it on "Yad2".
  const price = 61_000 + Math.floor(Math.random() * 900) * 100;
  const made = await request.post("/api/requests/website-create", {
    headers: auth,
    data: { botName: "Freshness" },
  });
  expect(made.status()).toBe(201);
  const bot = (await made.json()) as { _id: string };
  const set = await request.patch(`/api/requests/${bot._id}`, {
    headers: auth,
    data: {
      isActive: true,
      neighborhoodCodes: [FLORENTIN],
      priceLimit: [price, price + 90],
      rooms: 2,
      merchant: null,
    },
  });
  expect(set.status()).toBe(200);
  const before = source(await figures(request, token), "yad2-scraper").freshness.lastHour.count as number;
  for (const [count, postedAgo] of [
    [2, 540],
    [2, 300],
  ] as const) {
    const r = await request.post(
      `${YAD2}/__control/listings?count=${count}&hood=${FLORENTIN}&price=${price + 10}&postedAgo=${postedAgo}`,
    );
    expect(r.status()).toBe(200);
  }
  // The scraper runs every 10 s: the four flats reach the bot's chat, each counted once, and the
  // run that brought them is recorded.
  await expect
    .poll(
      async () => {
        const yad2 = source(await figures(request, token), "yad2-scraper");
        return Math.min(yad2.freshness.lastHour.count - before, yad2.lastDay.seen);
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBeGreaterThanOrEqual(4);

  // Read before the page loads: the figures only grow, so the page shows at least these. (A run's
  // "seen" is stored when the run ends, which can be after its flats were delivered.)
  const answer = await figures(request, token);
  const scraper = source(answer, "yad2-scraper");
  await signedIn(page, token);
  await page.goto("/admin/dashboard");
  const panel = page.getByRole("region", { name: "Source Figures" });
  await expect(panel).toBeVisible();
  const card = page.getByTestId("figures-yad2-scraper");
  await expect(card.getByRole("heading", { name: "Yad2 scraper" })).toBeVisible();
  // The table is the service's numbers (they only grow between two reads: at least these).
  const seenRow = card.getByRole("row", { name: /Listings seen/ });
  await expect(seenRow).toBeVisible();
  const shown = Number(((await seenRow.getByRole("cell").nth(1).textContent()) ?? "").replace(/,/g, ""));
  expect(shown).toBeGreaterThanOrEqual(scraper.lastDay.seen);
  await expect(card.getByRole("row", { name: /Cap splits/ })).toBeVisible();
  // Freshness: the flats were posted 5 and 9 minutes before the double showed them.
  const median = card.getByTestId("freshness-median").first();
  await expect(median).toHaveText(/^\d+ min( \d+ s)?$/);
  await expect(card.getByRole("img", { name: /Median delay per hour, last 24 hours\./ })).toBeVisible();
  await expect(card.getByText(/deliveries|delivery/).first()).toBeVisible();
  // The cleaner brings no flats; every card has its blocked strip for the last 24 hours.
  await expect(page.getByTestId("figures-yad2-cleaner")).toContainText("The cleaner brings no new flats");
  for (const name of ["yad2-scraper", "yad2-cleaner", "facebook-scraper"]) {
    const c = page.getByTestId(`figures-${name}`);
    await expect(c.getByRole("img", { name: /blocked periods in the last 24 hours/ })).toBeVisible();
    const periods = source(answer, name).blocked.length as number;
    if (periods === 0) await expect(c).toContainText("Not blocked in the last 24 hours");
  }

  for (const theme of THEMES)
    for (const size of SIZES) {
      await showAt(page, "/admin/dashboard", theme, size);
      await expect(
        page.getByTestId("figures-yad2-scraper").getByTestId("freshness-median").first(),
      ).toHaveText(/min/);
      await expectNoSideways(page);
      // The whole dashboard: the panel under the service cards, as an admin scrolls to it.
      await page.screenshot({ path: shot(`source-figures-${theme}-${size[0]}.png`), fullPage: true });
    }
});
