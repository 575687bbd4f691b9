import { expect, type Page, test } from "@playwright/test";
import { newAccount, signedIn } from "./accounts.ts";
import { createBot, listBots, PICKED_AREA, updateBot } from "./bots.ts";
import { PLACES, seedFlats } from "./properties.ts";
import { shotsDir } from "./shots.ts";

// Places in both languages: the area picker and the property search find a place by its Hebrew
// name, its English name or a Latin spelling of the Hebrew, and show it in the reader's language.

const count = (page: Page) => page.getByTestId("results-count");
const shot = shotsDir("places");

test("in Bot Settings 'florentin', 'Florentine' and 'פלורנטין' find the same area, shown in English", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const account = await newAccount(request, "Yael");
  const bot = await createBot(request, account.token, "Both languages");
  await updateBot(request, account.token, bot, {
    neighborhoodCodes: [PICKED_AREA.code],
    priceLimit: [5000, 6000],
  });
  await signedIn(page, account.token);
  await page.goto("/bots");
  await page.getByTestId("bot-card").click();
  const dialog = page.getByRole("dialog", { name: "Bot Settings" });
  const box = dialog.getByLabel("Search areas");
  // The chosen area's tag is in English too.
  await expect(dialog.getByText(PICKED_AREA.name)).toBeVisible();

  const found: string[][] = [];
  for (const query of ["florentin", "Florentine", "פלורנטין"]) {
    await box.fill(query);
    const options = page.getByRole("menu", { name: "selectable options" }).getByRole("option");
    await expect(options.first()).toBeVisible();
    found.push(await options.allInnerTexts());
  }
  expect(found[0]).toContain("Florentin");
  expect(found[1]).toEqual(found[0]);
  expect(found[2]).toEqual(found[0]);

  await box.fill("tel aviv");
  await expect(page.getByRole("option", { name: "Florentin", exact: true })).toBeVisible();
  await page.screenshot({ path: shot("area-picker-tel-aviv-1366-light.png") });
  await box.fill("neve tsedek");
  await expect(page.getByRole("option", { name: "Neve Tzedek", exact: true })).toBeVisible();
  await box.fill("florentin");
  await page.getByRole("option", { name: "Florentin", exact: true }).click();
  await page.keyboard.press("Escape");
  await expect(dialog.getByText("Florentin", { exact: true })).toBeVisible();
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden();
  const [saved] = await listBots(request, account.token);
  expect(saved?.neighborhoodCodes.sort()).toEqual([PLACES.florentin.code, PICKED_AREA.code].sort());
});

test("the property search finds flats by 'tel aviv' and 'florentin' as by their Hebrew names", async ({
  page,
  request,
}) => {
  // Seven searches, each a page load on a machine running other specs.
  test.setTimeout(120_000);
  const account = await newAccount(request, "Omer");
  await signedIn(page, account.token);
  // A price of this run's own (the product is shared by every spec at once): each search is
  // narrowed to it, so the counts compare the same flats.
  const price = 100 * (150 + Math.floor(Math.random() * 49));
  await seedFlats("places", [
    { price, place: PLACES.florentin },
    { price, place: PLACES.florentin, street: "פלורנטין" },
    { price, place: PLACES.code1483, street: "ארלוזורוב" },
  ]);
  const countFor = async (searchText: string) => {
    await page.goto(`/properties?${new URLSearchParams({ searchText, priceRange: `${price}-${price}` })}`);
    await expect(count(page)).toHaveText(/^\d+ propert(y|ies)$/);
    return Number.parseInt((await count(page).textContent()) ?? "", 10);
  };
  const telAviv = await countFor("תל אביב");
  expect(telAviv).toBeGreaterThanOrEqual(3);
  expect(await countFor("tel aviv")).toBe(telAviv);
  expect(await countFor("Tel-Aviv")).toBe(telAviv);
  const florentin = await countFor("פלורנטין");
  expect(florentin).toBeGreaterThanOrEqual(2);
  expect(florentin).toBeLessThan(telAviv);
  expect(await countFor("florentin")).toBe(florentin);
  expect(await countFor("Florentine")).toBe(florentin);
});

test("the map's place search goes to a place named in English or in Hebrew", async ({ page, request }) => {
  test.setTimeout(60_000);
  const account = await newAccount(request, "Lior");
  await signedIn(page, account.token);
  await page.goto("/properties?view=map");
  // The boundary files are large and drawn on a canvas: the search works once the map is up.
  await expect(page.getByTestId("property-map")).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
  const box = page.getByRole("searchbox", { name: "Find a place on the map" });
  await box.fill("florentine");
  await box.press("Enter");
  await expect(page.getByTestId("place-note")).toHaveText("Florentin, Tel Aviv-Yafo");
  await box.fill("פלורנטין");
  await box.press("Enter");
  await expect(page.getByTestId("place-note")).toHaveText("פלורנטין, תל אביב יפו");
});
