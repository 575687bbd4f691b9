import { expect, type Page, test } from "@playwright/test";
import { newAccount, signedIn } from "./accounts.ts";
import { listBots } from "./bots.ts";
import { chatPage, ingestListing, matchingBot, uniquePrice, waitForAsset } from "./chats.ts";
import { newTag, PLACES, seedFlats } from "./properties.ts";
import { expectNoSideways, SIZES, shotsDir, showAt, THEMES } from "./shots.ts";

// Places that matter: a person adds a place on the profile (found by its address), asks a bot for
// flats within 3 km of it, and a matched flat says how far it is on its chat card and in its story.
// Then the screens at both widths, in both themes and both languages.

const shot = shotsDir("near-places");
/** Where the flats of chats.ts are ingested (Florentin), and a Work place about 2 km north. */
const FLAT = { lat: 32.0565, lon: 34.77 };
const WORK = { lat: 32.0745, lon: 34.7745, name: "שדרות רוטשילד 1, תל אביב-יפו" };

/** Straight-line km, as the product works it out, to one decimal as the card writes it. */
function kmText(a: { lat: number; lon: number }, b: { lat: number; lon: number }): string {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return String(Math.round(2 * 6371 * Math.asin(Math.sqrt(h)) * 10) / 10);
}
const KM = kmText(FLAT, WORK);
const plain = (text: string | null) => (text ?? "").replace(/[\u2066-\u2069]/g, "");

async function geocoderKnows(request: Parameters<typeof newAccount>[0], query: string) {
  const double = process.env.E2E_GEOCODER_DOUBLE;
  expect(double, "the geocoder double that scripts/e2e.ts starts").toBeTruthy();
  const added = await request.post(`${double}/__control/add`, {
    data: { query, hits: [{ lat: WORK.lat, lon: WORK.lon, name: WORK.name }] },
  });
  expect(added.status()).toBe(204);
}

/** Saves places straight through the API (the screenshots' accounts). */
async function savePlaces(request: Parameters<typeof newAccount>[0], token: string, names: string[]) {
  const auth = { authorization: `Bearer ${token}` };
  const me = (await (await request.get("/api/users/me", { headers: auth })).json()) as {
    user: { _id: string };
  };
  const places = names.map((name, i) => ({ name, lat: WORK.lat + i * 0.02, lon: WORK.lon + i * 0.01 }));
  const saved = await request.patch(`/api/users/${me.user._id}`, { headers: auth, data: { places } });
  expect(saved.status(), await saved.text()).toBe(200);
  return ((await saved.json()) as { user: { places: { id: string }[] } }).user.places;
}

const placesCard = (page: Page) => page.getByTestId("places-card");

/** A place 2.5 km south of Florentin's flats: Florentin is inside 3 km of it, code 1520's are not. */
const SOUTH = { lat: PLACES.florentin.lat - 2.5 / 111.195, lon: PLACES.florentin.lon };

/** Two flats tagged `tag`: one 2.5 km from SOUTH, one about 3.4 km from it; SOUTH saved as `name`. */
async function nearAndFar(request: Parameters<typeof newAccount>[0], token: string, name: string | null) {
  const tag = newTag();
  await seedFlats(tag, [
    { place: PLACES.florentin, street: "ויטל", price: 6100 },
    { place: PLACES.code1520, street: "הרצל", price: 6200 },
  ]);
  if (name === null) return tag;
  const auth = { authorization: `Bearer ${token}` };
  const me = (await (await request.get("/api/users/me", { headers: auth })).json()) as {
    user: { _id: string };
  };
  const saved = await request.patch(`/api/users/${me.user._id}`, {
    headers: auth,
    data: { places: [{ name, ...SOUTH }] },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return tag;
}
const settings = (page: Page) => page.getByRole("dialog", { name: "Bot Settings" });

test("add a place, ask a bot for flats within 3 km of it, and see a match's distance", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const account = await newAccount(request);
  const query = `Rothschild ${Date.now().toString(36)}`;
  await geocoderKnows(request, query);
  await signedIn(page, account.token);

  // The profile: name the place, find its address, add it, save.
  await page.goto("/profile");
  const card = placesCard(page);
  await expect(card.getByText("No places yet.")).toBeVisible();
  await card.getByLabel("Name", { exact: true }).fill("Work");
  await card.getByRole("searchbox", { name: "Address" }).fill(query);
  await card.getByRole("searchbox", { name: "Address" }).press("Enter");
  await expect(card.getByTestId("place-picked")).toHaveText("Picked: שדרות רוטשילד 1");
  await card.getByRole("button", { name: "Add place" }).click();
  await expect(card.getByTestId("place-row")).toHaveCount(1);
  await expect(card.getByLabel("Name of place 1")).toHaveValue("Work");
  await card.getByRole("button", { name: "Save places" }).click();
  await expect(card.getByText("Places saved")).toBeVisible();
  const me = await request.get("/api/users/me", { headers: { authorization: `Bearer ${account.token}` } });
  const { user } = (await me.json()) as { user: { places: { id: string; name: string; lat: number }[] } };
  expect(user.places).toHaveLength(1);
  expect(user.places[0]).toMatchObject({ name: "Work", lat: WORK.lat });
  const workId = user.places[0]?.id ?? "";

  // A bot: within 3 km of Work, with what that is by bicycle, said as an estimate.
  // A real rent: Bot Settings' price slider ends at 20,000, and Save keeps to its rules.
  const price = uniquePrice(true);
  const bot = await matchingBot(request, account.token, "Near work", price);
  await page.goto("/bots");
  await page.getByTestId("bot-card").click();
  const dialog = settings(page);
  const near = dialog.getByTestId("near-row");
  await expect(near).toHaveCount(1);
  expect(plain(await near.textContent())).toContain("Near Work");
  // Blueprint draws its own box over the input: a person clicks the label.
  await near.locator("label").first().click();
  await expect(near.getByRole("checkbox")).toBeChecked();
  await expect(near.getByTestId("near-estimate")).toBeVisible();
  expect(plain(await near.textContent())).toContain("Within 3 km of Work");
  expect(plain(await near.getByTestId("near-estimate").textContent())).toBe("about 15 min by bicycle");
  const sent = page.waitForRequest(
    (r) => r.method() === "PATCH" && r.url().includes(`/api/requests/${bot._id}`),
  );
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  expect((await sent).postDataJSON()).toMatchObject({ near: [{ placeId: workId, km: 3 }] });
  await expect(dialog).toBeHidden();
  const kept = (await listBots(request, account.token)).find((b) => b._id === bot._id) as unknown as {
    near: unknown[];
  };
  expect(kept.near).toEqual([{ placeId: workId, km: 3, minutes: null, mode: null }]);

  // A match 2 km from Work passes the bot's 3 km: its card and its story say how far, and about
  // how long by bicycle.
  await ingestListing(baseURL as string, price);
  await waitForAsset(request, account.token, bot.chatId);
  expect((await chatPage(request, account.token, bot.chatId)).messages.some((m) => m.type === "asset")).toBe(
    true,
  );
  await page.goto(`/chats/${bot.chatId}`);
  const distance = page.getByTestId("asset-card").getByTestId("place-distance");
  await expect(distance).toHaveCount(1);
  expect(plain(await distance.textContent())).toMatch(
    new RegExp(`${KM} km from Work · about \\d+ min by bicycle$`),
  );
  await page.getByTestId("asset-card").click({ position: { x: 24, y: 24 } });
  const story = page.getByRole("dialog", { name: /^ויטל \d+/ });
  await expect(story).toBeVisible();
  const line = story.getByTestId("place-distance");
  await expect(line).toHaveCount(1);
  await line.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot("story-distance-en-1280-light.png") });
  expect(plain(await line.textContent())).toMatch(
    new RegExp(`${KM} km from Work\\s*about \\d+ min by bicycle$`),
  );

  // The map: "near my places" rings Work and keeps the listings inside the ring.
  await page.goto(`/properties?view=map&lat=${WORK.lat - 0.009}&lon=${WORK.lon}&zoom=13`);
  await expect(page.getByTestId("property-map")).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
  const nearMine = page.getByTestId("near-places");
  await nearMine.locator("label").first().click();
  await expect(nearMine.getByTestId("near-count")).toHaveText(/^In range: [1-9]\d*$/);
  await nearMine.getByLabel("Distance from your places").selectOption("1");
  await expect(nearMine.getByTestId("near-count")).toHaveText("In range: 0");
});

test("near my places in the list: only the flat within 3 km, kept in the address and on the map", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const account = await newAccount(request);
  const tag = await nearAndFar(request, account.token, "Work");
  await signedIn(page, account.token);
  const cards = page.getByTestId("property-card");
  const count = page.getByTestId("results-count");

  await page.goto(`/properties?searchText=${tag}`);
  await expect(count).toHaveText("2 properties");
  const near = page.getByTestId("near-places");
  await expect(near.getByLabel("Distance from your places")).toBeDisabled();
  const asked = page.waitForRequest((r) => r.url().includes("/api/assets?") && r.url().includes("nearKm=3"));
  // Blueprint draws its own switch over the input: a person clicks the label.
  await near.locator("label").first().click();
  await asked;
  await expect(count).toHaveText("1 property");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("ויטל");
  expect(new URL(page.url()).searchParams.get("nearKm")).toBe("3");

  // Wider: both; off: both again and the address forgets it.
  await near.getByLabel("Distance from your places").selectOption("5");
  await expect(count).toHaveText("2 properties");
  await near.getByLabel("Distance from your places").selectOption("3");
  await expect(count).toHaveText("1 property");

  // The map reads the same address: the switch is on at 3 km.
  await page.getByRole("radio", { name: "Map" }).click();
  await expect(page.getByTestId("property-map")).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
  const onMap = page.getByTestId("near-places");
  await expect(onMap.getByRole("switch").or(onMap.getByRole("checkbox"))).toBeChecked();
  await expect(onMap.getByLabel("Distance from your places")).toHaveValue("3");
  // The button's badge counts what is behind it (the search), not the switch beside the map.
  await expect(page.getByRole("button", { name: "Filters", exact: true })).toHaveText(/^Filters\s*1$/);
  expect(new URL(page.url()).searchParams.get("nearKm")).toBe("3");
  await page.getByRole("radio", { name: "List" }).click();
  await expect(count).toHaveText("1 property");
  await page.getByTestId("near-places").locator("label").first().click();
  await expect(count).toHaveText("2 properties");
  expect(new URL(page.url()).searchParams.get("nearKm")).toBeNull();
});

test("near my places in a shared link: a reader without places sees every flat and no switch", async ({
  page,
  request,
}) => {
  const account = await newAccount(request);
  const tag = await nearAndFar(request, account.token, null);
  await signedIn(page, account.token);
  const asked = page.waitForRequest((r) => r.url().includes(`/api/assets?`) && r.url().includes(tag));
  await page.goto(`/properties?searchText=${tag}&nearKm=3`);
  expect((await asked).url()).not.toContain("nearKm");
  await expect(page.getByTestId("results-count")).toHaveText("2 properties");
  await expect(page.getByTestId("near-places")).toHaveCount(0);
});

for (const lang of ["en", "he"] as const) {
  test(`near my places in the list: the screens in ${lang} at both widths and both themes`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const headers: Record<string, string> = lang === "he" ? { "accept-language": "he-IL,he;q=0.9" } : {};
    const account = await newAccount(request, lang === "he" ? "נועה" : "Dana", headers);
    const tag = await nearAndFar(request, account.token, lang === "he" ? "עבודה" : "Work");
    await signedIn(page, account.token);
    await page.goto("/");
    for (const theme of THEMES) {
      for (const size of SIZES) {
        await showAt(page, `/properties?searchText=${tag}&nearKm=3`, theme, size);
        await expect(page.getByTestId("property-card")).toHaveCount(1);
        const near = page.getByTestId("near-places");
        await expect(near.getByRole("switch").or(near.getByRole("checkbox"))).toBeChecked();
        await expectNoSideways(page);
        await page.screenshot({ path: shot(`list-near-${lang}-${size[0]}-${theme}.png`) });
      }
    }
  });
}

for (const lang of ["en", "he"] as const) {
  test(`screens in ${lang}: the places editor, the bot's near field, a card's distance, the map's rings`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const headers: Record<string, string> = lang === "he" ? { "accept-language": "he-IL,he;q=0.9" } : {};
    const account = await newAccount(request, lang === "he" ? "נועה" : "Dana", headers);
    await savePlaces(
      request,
      account.token,
      lang === "he" ? ["עבודה", "ההורים", "Office"] : ["Work", "Parents", "School"],
    );
    const price = uniquePrice(true);
    const bot = await matchingBot(request, account.token, lang === "he" ? "ליד העבודה" : "Near work", price);
    await ingestListing(baseURL as string, price);
    await waitForAsset(request, account.token, bot.chatId);
    await signedIn(page, account.token);
    await page.goto("/");
    for (const theme of THEMES) {
      for (const size of SIZES) {
        const tag = `${lang}-${size[0]}-${theme}`;
        await showAt(page, "/profile", theme, size);
        const card = placesCard(page);
        await expect(card.getByTestId("place-row")).toHaveCount(3);
        await card.scrollIntoViewIfNeeded();
        await expectNoSideways(page);
        await card.screenshot({ path: shot(`places-editor-${tag}.png`) });

        await showAt(page, "/bots", theme, size);
        await page.getByTestId("bot-card").click();
        const dialog = page.getByRole("dialog");
        const first = dialog.getByTestId("near-row").first();
        await first.locator("label").first().click();
        await expect(first.getByTestId("near-estimate")).toBeVisible();
        await first.scrollIntoViewIfNeeded();
        await page.screenshot({ path: shot(`bot-near-${tag}.png`) });

        await showAt(page, `/chats/${bot.chatId}`, theme, size);
        const asset = page.getByTestId("asset-card");
        await expect(asset.getByTestId("place-distance").first()).toBeVisible();
        await expectNoSideways(page);
        await asset.screenshot({ path: shot(`card-distance-${tag}.png`) });

        // The properties list's row of the same flat says it too.
        await showAt(page, `/properties?priceRange=${price}-${price}`, theme, size);
        const row = page.getByTestId("property-card").first();
        await expect(row.getByTestId("place-distance").first()).toBeVisible();
        await expectNoSideways(page);
        await row.screenshot({ path: shot(`list-row-distance-${tag}.png`) });

        // Between the flats and the places, so the rings and the markers are in view.
        const centre = { lat: (FLAT.lat + WORK.lat) / 2 + 0.01, lon: FLAT.lon + 0.01 };
        await showAt(page, `/properties?view=map&lat=${centre.lat}&lon=${centre.lon}&zoom=13`, theme, size);
        await expect(page.getByTestId("property-map")).toHaveAttribute("data-ready", "true", {
          timeout: 30_000,
        });
        const near = page.getByTestId("near-places");
        await near.locator("label").first().click();
        await expect(near.getByRole("checkbox").or(near.getByRole("switch"))).toBeChecked();
        await page.waitForTimeout(600);
        await page.screenshot({ path: shot(`map-rings-${tag}.png`) });
      }
    }
  });
}
