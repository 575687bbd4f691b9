import { expect, type Page, test } from "@playwright/test";
import { newAccount, signedIn } from "./accounts.ts";
import { demoPhoto, type Flat, newTag, PLACES, seedFlats } from "./properties.ts";
import { expectNoSideways, SIZES, shotsDir, showAt, THEMES } from "./shots.ts";

// The property list like a serious marketplace. The order (newest, price both ways, price
// per m²) kept in the address, Bot Settings' neighbourhood picker beside the search, "Available
// by" on the entry dates sources give, the entry date on the cards and in the story, and at
// least six cards in the first screen of a 1366×900 window.

const shot = shotsDir("properties-sort");
const cards = (page: Page) => page.getByTestId("property-card");
const count = (page: Page) => page.getByTestId("results-count");
const params = (page: Page) => new URL(page.url()).searchParams;
const prices = async (page: Page) =>
  (await cards(page).getByTestId("card-price").allTextContents()).map((p) => Number(p.replace(/\D/g, "")));

/** Eight flats: prices, sizes and entry dates that each order and filter split differently. */
const EIGHT = (baseURL: string): Flat[] =>
  [
    { price: 5200, size: 40, entryDate: "מיידי", place: PLACES.florentin }, // 130 a m²
    { price: 9000, size: 100, entryDate: "2027-03-01T00:00:00", place: PLACES.code1461 }, // 90
    { price: 4100, size: 82, entryDate: "2027-01-15", place: PLACES.florentin }, // 50
    { price: 7600, size: 95, place: PLACES.code1483 }, // 80, no entry date
    { price: 6300, size: 70, entryDate: "immediate", place: PLACES.code1461 }, // 90
    { price: 12000, size: 150, entryDate: "גמיש", place: PLACES.florentin }, // 80
    { price: 3900, size: 30, entryDate: "2027-06-01", place: PLACES.code1520 }, // 130
    { price: 8800, size: 110, entryDate: "2026-12-20", place: PLACES.code1462 }, // 80
  ].map((f, i) => ({ ...f, rooms: 2 + (i % 3), images: [demoPhoto(baseURL, i + 1)] }));

test("sorts, picks neighbourhoods and filters by entry date, each kept in the address", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const tag = newTag();
  await seedFlats(tag, EIGHT(baseURL ?? ""));
  await signedIn(page, (await newAccount(request, "Noa")).token);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/properties?searchText=${tag}`);
  await expect(count(page)).toHaveText("8 properties");

  // At least six cards in the first screen: their photo and price drawn above the fold.
  const above = await cards(page).evaluateAll(
    (els) =>
      els.filter((el) => {
        const card = el.getBoundingClientRect();
        const price = el.querySelector('[data-testid="card-price"]')?.getBoundingClientRect();
        return card.top >= 0 && price !== undefined && price.bottom <= window.innerHeight;
      }).length,
  );
  expect(above).toBeGreaterThanOrEqual(6);

  // The order, in the address.
  const sort = page.getByRole("combobox", { name: "Sort" });
  await expect(sort).toHaveValue("newest");
  await sort.selectOption({ label: "Price: low to high" });
  await expect.poll(() => prices(page)).toEqual([3900, 4100, 5200, 6300, 7600, 8800, 9000, 12000]);
  expect(params(page).get("sort")).toBe("price_asc");
  await sort.selectOption({ label: "Price: high to low" });
  await expect.poll(() => prices(page)).toEqual([12000, 9000, 8800, 7600, 6300, 5200, 4100, 3900]);
  await sort.selectOption({ label: "Price per m²" });
  // ₪ a m², lowest first; equal ones newest first.
  await expect.poll(async () => (await prices(page))[0]).toBe(4100);
  await expect.poll(async () => (await prices(page)).slice(-2).sort()).toEqual([3900, 5200]);
  expect(params(page).get("sort")).toBe("price_per_sqm");
  // A reload keeps it.
  await page.reload();
  await expect(sort).toHaveValue("price_per_sqm");

  // Bot Settings' neighbourhood picker, beside the search.
  await page.getByTestId("filter-areas").getByLabel("Search areas").fill("Florentin");
  await page.getByRole("option", { name: "Florentin", exact: true }).click();
  await expect(count(page)).toHaveText("3 properties");
  expect(params(page).get("neighborhoodCodes")).toBe("205");
  await page.keyboard.press("Escape");
  await page.getByTestId("filter-areas").getByRole("button", { name: "Clear selected items" }).click();
  await expect(count(page)).toHaveText("8 properties");

  // Available by: known dates not later, and immediate ones; never unknown.
  await page.getByLabel("Available to move in by").fill("2027-01-31");
  await expect(count(page)).toHaveText("4 properties");
  expect(params(page).get("availableBy")).toBe("2027-01-31");
  await expect(page.getByRole("list", { name: "Active filters" })).toContainText("Available by 31 Jan 2027");
  await expect
    .poll(async () => (await cards(page).getByTestId("entry-date").allTextContents()).sort())
    .toEqual(["Entry 15 Jan 2027", "Entry 20 Dec 2026", "Immediate entry", "Immediate entry"]);

  // The story says it too.
  await cards(page).filter({ hasText: "Entry 15 Jan 2027" }).getByRole("button", { name: "Story" }).click();
  await expect(page.getByTestId("story-entry")).toHaveText("Entry 15 Jan 2027");
});

for (const lang of ["en", "he"] as const) {
  test(`screenshots of the sorted, filtered list and a story (${lang})`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const tag = newTag();
    await seedFlats(tag, EIGHT(baseURL ?? ""));
    const headers: Record<string, string> = lang === "he" ? { "accept-language": "he-IL" } : {};
    await signedIn(page, (await newAccount(request, lang === "he" ? "נועה" : "Noa", headers)).token);
    await page.goto("/properties");
    for (const size of SIZES) {
      for (const theme of THEMES) {
        const name = `${lang}-${size[0]}-${theme}`;
        await showAt(
          page,
          `/properties?searchText=${tag}&sort=price_asc&neighborhoodCodes=205,1461`,
          theme,
          size,
        );
        await expect(cards(page)).toHaveCount(5);
        if (lang === "he") await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
        await expectNoSideways(page);
        await page.screenshot({ path: shot(`list-${name}.png`), fullPage: true });
        await page.screenshot({ path: shot(`fold-${name}.png`) });
        await cards(page).getByTestId("entry-date").first().click();
        await expect(page.getByTestId("story-entry")).toBeVisible();
        await page.waitForTimeout(500);
        await page.screenshot({ path: shot(`story-${name}.png`) });
        await page.keyboard.press("Escape");
        // The map's filter panel carries the same picker and date.
        await showAt(page, `/properties?view=map&searchText=${tag}&neighborhoodCodes=205`, theme, size);
        await expect(page.getByTestId("property-map")).toHaveAttribute("data-ready", "true", {
          timeout: 30_000,
        });
        await page.getByRole("button", { name: lang === "he" ? "סינון" : "Filters" }).click();
        await expect(page.getByTestId("filter-areas")).toBeVisible();
        await page.waitForTimeout(300);
        await page.screenshot({ path: shot(`map-filters-${name}.png`) });
      }
    }
  });
}
