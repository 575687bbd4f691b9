import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { type Account, newAccount, signedIn } from "./accounts.ts";
import { listBots } from "./bots.ts";
import { newTag, PLACES, seedFlats } from "./properties.ts";
import { expectNoSideways, SIZES, shotsDir, showAt, THEMES } from "./shots.ts";

// The add-bot wizard ends with a working bot: a new user picks what the bot watches
// (areas, a price the band of similar flats suggests, rooms, private only) before it goes live, in
// the wizard alone; the same by keyboard alone, where Enter in the area search picks an area and
// never saves Bot Settings; and once in Hebrew.

const file = shotsDir("bot-wizard");
/** Kikar HaMedina (1516): flats of 7+ rooms there are this spec's own. */
const AREA = PLACES.code1516;
const ROOMS = 7;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Four big flats in the area, so it has a band; answers the band as the wizard's slider shows it. */
async function seededBand(request: APIRequestContext, token: string): Promise<[number, number]> {
  await seedFlats(
    newTag(),
    [8000, 9000, 10_000, 11_000].map((price) => ({ price, rooms: ROOMS, place: AREA })),
  );
  const r = await request.get(`/api/assets/price-band?neighborhoodCodes=${AREA.code}&rooms=${ROOMS}`, {
    headers: auth(token),
  });
  expect(r.status()).toBe(200);
  const band = (await r.json()) as { low: number; high: number; count: number };
  expect(band.count).toBeGreaterThanOrEqual(4);
  // The slider's step is 100: the band is rounded outwards to it.
  return [Math.floor(band.low / 100) * 100, Math.ceil(band.high / 100) * 100];
}

/** Presses Tab until `target` has the focus (at most 40 times). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("never reached by Tab");
}

const price = (n: number) => `₪${n.toLocaleString("en-US")}`;

async function expectWatching(request: APIRequestContext, account: Account, band: [number, number]) {
  const bots = await listBots(request, account.token);
  expect(bots).toHaveLength(1);
  expect(bots[0]).toMatchObject({
    isActive: true,
    neighborhoodCodes: [AREA.code],
    priceLimit: band,
    rooms: ROOMS,
    merchant: false,
  });
}

test("a new user's bot watches its areas and price band, made in the wizard alone", async ({
  page,
  request,
}) => {
  test.slow();
  const account = await newAccount(request, "Maya");
  const band = await seededBand(request, account.token);
  await signedIn(page, account.token);
  await page.goto("/bots");
  await page.getByRole("button", { name: "Create new bot" }).click();
  const wizard = page.getByRole("dialog", { name: "Let's add a new bot" });
  await wizard.getByRole("button", { name: /Via Website/ }).click();
  await wizard.getByLabel("Bot Name").fill("Big flats by the square");
  await wizard.getByRole("button", { name: "Next" }).click();

  // What to watch: nothing is made until an area is chosen.
  await expect(wizard.getByText("Choose what your bot watches.", { exact: false })).toBeVisible();
  const create = wizard.getByRole("button", { name: "Create bot" });
  await expect(create).toBeDisabled();
  await expect(wizard.getByText("Please select at least one area")).toBeVisible();
  await expect(wizard.getByText("Choose areas to see what similar flats there cost.")).toBeVisible();
  await wizard.getByLabel("Search areas").fill("Kikar HaMedina");
  await page.getByRole("option", { name: "New North - Kikar HaMedina" }).click();
  await page.keyboard.press("Escape");
  await expect(wizard).toBeVisible();
  await wizard.getByLabel("Minimum Rooms").fill(String(ROOMS));
  await wizard.getByText("Private Listings Only").click();

  // The price follows the band of similar flats there; the summary names the city.
  const [low, high] = band;
  await expect(wizard.getByTestId("wizard-band")).toContainText(
    `Similar flats here ask ${price(low)} – ${price(high)}`,
  );
  await expect(wizard.getByText(`${price(low)} – ${price(high)}`, { exact: true })).toBeVisible();
  await expect(wizard.getByTestId("wizard-summary")).toHaveText(
    `Watches 1 area in Tel Aviv-Yafo: ${price(low)} – ${price(high)} · ${ROOMS}+ rooms · Private only`,
  );
  await page.screenshot({ path: file("search-1366-light-en.png") });
  await create.click();
  await expect(wizard.getByRole("heading", { name: "Big flats by the square is ready" })).toBeVisible();
  await expect(
    wizard.getByText("It watches your search and posts every new match into its chat."),
  ).toBeVisible();
  await expectWatching(request, account, band);
  await wizard.getByRole("button", { name: "Done" }).click();
  await expect(wizard).toBeHidden();

  // On screen: its settings show the area and the band.
  await page.getByTestId("bot-card").getByRole("button", { name: "Edit Bot" }).click();
  const settings = page.getByRole("dialog", { name: "Bot Settings" });
  await expect(settings.locator(".bp6-tag").filter({ hasText: "New North - Kikar HaMedina" })).toBeVisible();
  await expect(settings.getByText(`${price(low)} – ${price(high)}`, { exact: true })).toBeVisible();
  await expect(settings.getByLabel("Minimum Rooms")).toHaveValue(String(ROOMS));
});

test("the same by keyboard alone; Enter in the area search picks and never saves Bot Settings", async ({
  page,
  request,
}) => {
  test.slow();
  const account = await newAccount(request, "Keren");
  const band = await seededBand(request, account.token);
  await signedIn(page, account.token);
  await page.goto("/bots");
  await tabTo(page, page.getByRole("button", { name: "Create new bot" }));
  await page.keyboard.press("Enter");
  const wizard = page.getByRole("dialog", { name: "Let's add a new bot" });
  await tabTo(page, wizard.getByRole("button", { name: /Via Website/ }));
  await page.keyboard.press("Enter");
  await expect(wizard.getByLabel("Bot Name")).toBeFocused();
  await page.keyboard.type("Keyboard bot");
  await page.keyboard.press("Enter");

  // The area search has the focus; Enter picks the highlighted area and the wizard stays.
  const search = wizard.getByLabel("Search areas");
  await expect(search).toBeFocused();
  await page.keyboard.type("Kikar HaMedina");
  await expect(page.getByRole("option", { name: "New North - Kikar HaMedina" })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(wizard.getByText("1 selected")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(wizard).toBeVisible();
  await tabTo(page, wizard.getByLabel("Minimum Rooms"));
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(String(ROOMS));
  await tabTo(page, wizard.getByLabel("Private Listings Only"));
  await page.keyboard.press("Space");
  await expect(wizard.getByTestId("wizard-summary")).toContainText(`${ROOMS}+ rooms · Private only`);
  await expect(wizard.getByTestId("wizard-band")).toContainText(`${price(band[0])} – ${price(band[1])}`);
  await tabTo(page, wizard.getByRole("button", { name: "Create bot" }));
  await page.keyboard.press("Enter");
  await expect(wizard.getByRole("heading", { name: "Keyboard bot is ready" })).toBeVisible();
  await expectWatching(request, account, band);
  await tabTo(page, wizard.getByRole("button", { name: "Done" }));
  await page.keyboard.press("Enter");
  await expect(wizard).toBeHidden();

  // Bot Settings: Enter in the area search adds an area and leaves the dialog open.
  await tabTo(page, page.getByTestId("bot-card").getByRole("button", { name: "Edit Bot" }));
  await page.keyboard.press("Enter");
  const settings = page.getByRole("dialog", { name: "Bot Settings" });
  await tabTo(page, settings.getByLabel("Search areas"));
  await page.keyboard.type("פלורנטין");
  await expect(page.getByRole("option", { name: "Florentin", exact: true })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(settings.getByText("2 selected")).toBeVisible();
  await page.keyboard.press("Enter"); // the list is still open: Enter again takes it back
  await expect(settings.getByText("1 selected")).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(settings.getByText("2 selected")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(settings).toBeVisible();
  expect((await listBots(request, account.token))[0]?.neighborhoodCodes).toEqual([AREA.code]);
  await tabTo(page, settings.getByRole("button", { name: "Save Changes" }));
  await page.keyboard.press("Enter");
  await expect(settings).toBeHidden();
  expect((await listBots(request, account.token))[0]?.neighborhoodCodes).toEqual([AREA.code, 205]);
  // Escape closes a dialog without saving.
  await page.keyboard.press("Tab");
  await tabTo(page, page.getByTestId("bot-card").getByRole("button", { name: "Edit Bot" }));
  await page.keyboard.press("Enter");
  await expect(settings).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(settings).toBeHidden();
});

test("in Hebrew: the wizard's search step, its band and its summary", async ({ page, request }) => {
  test.slow();
  const account = await newAccount(request, "Noa", { "accept-language": "he-IL" });
  const [low, high] = await seededBand(request, account.token);
  await signedIn(page, account.token);
  await page.goto("/bots");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.getByRole("button", { name: "יצירת בוט חדש" }).click();
  const wizard = page.getByRole("dialog", { name: "הוספת בוט חדש" });
  await wizard.getByRole("button", { name: /דרך האתר/ }).click();
  await wizard.getByLabel("שם הבוט").fill("דירות גדולות בכיכר");
  await wizard.getByRole("button", { name: "הבא" }).click();
  await expect(wizard.getByText("מה לחפש")).toBeVisible();
  await expect(wizard.getByRole("button", { name: "יצירת הבוט" })).toBeDisabled();
  await wizard.getByLabel("חיפוש אזורים").fill("כיכר המדינה");
  await page.getByRole("option", { name: "הצפון החדש - כיכר המדינה" }).click();
  await page.keyboard.press("Escape");
  await wizard.getByLabel("מספר חדרים מינימלי").fill(String(ROOMS));
  const he = (n: number) =>
    new Intl.NumberFormat("he-IL", { style: "currency", currency: "ILS", maximumFractionDigits: 0 }).format(
      n,
    );
  await expect(wizard.getByTestId("wizard-band")).toContainText("דירות דומות כאן מבקשות");
  await expect(wizard.getByTestId("wizard-band")).toContainText(he(low));
  await expect(wizard.getByTestId("wizard-band")).toContainText(he(high));
  await expect(wizard.getByTestId("wizard-summary")).toContainText("מחפש באזור אחד בתל אביב יפו");
  await page.screenshot({ path: file("search-1366-light-he.png") });
  await wizard.getByRole("button", { name: "יצירת הבוט" }).click();
  await expect(wizard.getByRole("heading", { name: "הבוט דירות גדולות בכיכר מוכן" })).toBeVisible();
  const [bot] = await listBots(request, account.token);
  expect(bot).toMatchObject({
    neighborhoodCodes: [AREA.code],
    priceLimit: [low, high],
    rooms: ROOMS,
    merchant: null,
  });
});

for (const lang of ["en", "he"] as const)
  test(`screens (${lang}): the search step at both widths, in both themes`, async ({ page, request }) => {
    test.slow();
    const headers: Record<string, string> = lang === "he" ? { "accept-language": "he-IL" } : {};
    const account = await newAccount(request, "Shai", headers);
    await seededBand(request, account.token);
    await signedIn(page, account.token);
    await page.goto("/bots");
    for (const theme of THEMES)
      for (const size of SIZES) {
        const at = `${size[0]}-${theme}-${lang}`;
        await showAt(page, "/bots", theme, size);
        await page.getByRole("button", { name: lang === "en" ? "Create new bot" : "יצירת בוט חדש" }).click();
        const wizard = page.getByRole("dialog");
        await wizard.getByRole("button", { name: lang === "en" ? /Via Website/ : /דרך האתר/ }).click();
        await wizard
          .getByRole("textbox")
          .first()
          .fill(lang === "en" ? "Square flats" : "דירות בכיכר");
        await page.keyboard.press("Enter");
        await page.keyboard.type(lang === "en" ? "Kikar HaMedina" : "כיכר המדינה");
        await page.keyboard.press("Enter");
        await page.keyboard.press("Escape");
        await expect(wizard.getByTestId("wizard-summary")).toBeVisible();
        await expect(wizard.getByTestId("wizard-band")).toContainText(
          lang === "en" ? "Similar" : "דירות דומות",
        );
        await page.screenshot({ path: file(`search-${at}.png`) });
        await page.screenshot({ path: file(`search-${at}-full.png`), fullPage: true });
        await expectNoSideways(page);
        // The same step on the map: names drawn at the opening zoom, so no hint to zoom in.
        await wizard.getByRole("button", { name: lang === "en" ? "Select on map" : "בחירה במפה" }).click();
        await expect(wizard.getByTestId("area-map")).toHaveAttribute("data-ready", "true", {
          timeout: 20_000,
        });
        await expect(wizard.getByRole("status").filter({ hasText: "💗" })).toHaveCount(0);
        await page.screenshot({ path: file(`map-${at}.png`) });
        await page.keyboard.press("Escape");
        await expect(wizard).toBeHidden();
      }
  });
