import { randomInt } from "node:crypto";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { listBots } from "./bots.ts";
import { ingestListing, waitForAsset } from "./chats.ts";
import { newTag, PLACES, seedFlats } from "./properties.ts";

// A newcomer's first five minutes, the whole road in one pass: sign up on the register
// form, make a bot in the wizard alone, see its card say what it watches, follow it to its chat,
// find the first match there, open the flat's story from the card and reach the advertiser by the
// call and WhatsApp links. Once with the mouse and once by keyboard alone.

/** Kikar HaMedina (1516); each test finds its own match by the tag in its street. */
const AREA = PLACES.code1516;
const ROOMS = 6;
const PHONE = "052-7654321";

/** Presses Tab until `target` has the focus (at most 200 times: a chat may hold several matches). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 200; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("never reached by Tab");
}

/** Opens the register form from an address of its own (sign-ups are limited per address). */
async function registerPage(page: Page) {
  await page.setExtraHTTPHeaders({
    "x-forwarded-for": `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`,
  });
  await page.goto("/register");
  const email = `e2e-first-${newTag()}@example.com`;
  return { email, password: "secret-pass" };
}

/** The session the SPA keeps, to check what the wizard made through the API. */
async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem("authToken"));
  if (!token) throw new Error("no session token in the page");
  return token;
}

/** Flats that give the area its band, and the bot's first match once it exists. */
async function seedArea() {
  await seedFlats(
    newTag(),
    [8200, 9100, 9900, 10_800].map((price) => ({ price, rooms: ROOMS, place: AREA })),
  );
}

async function firstMatch(baseURL: string, band: [number, number]) {
  // Odd, so no seeded flat of the area has the same price.
  const price = Math.round((band[0] + band[1]) / 2) + 7;
  const tag = newTag();
  const street = `הרב קוק ${tag}`;
  await ingestListing(baseURL, price, {
    place: AREA,
    rooms: ROOMS,
    phone: PHONE,
    street,
    merchant: false,
    postedAt: new Date(Date.now() - 2 * 60_000),
  });
  return { price, tag };
}

test("sign up, make a bot in the wizard, and go from its first match to calling the owner", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  await seedArea();
  const { email, password } = await registerPage(page);
  await page.getByLabel("First name").fill("Yael");
  await page.getByLabel("Last name").fill("Newcomer");
  await page.getByLabel("Username").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Verify password").fill(password);
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByRole("heading", { name: "My Bots" })).toBeVisible();

  await page.getByRole("button", { name: "Create new bot" }).click();
  const wizard = page.getByRole("dialog", { name: "Let's add a new bot" });
  await wizard.getByRole("button", { name: /Via Website/ }).click();
  await wizard.getByLabel("Bot Name").fill("First flat");
  await wizard.getByRole("button", { name: "Next" }).click();
  await wizard.getByLabel("Search areas").fill("Kikar HaMedina");
  await page.getByRole("option", { name: "New North - Kikar HaMedina" }).click();
  await page.keyboard.press("Escape");
  await wizard.getByLabel("Minimum Rooms").fill(String(ROOMS));
  await expect(wizard.getByTestId("wizard-band")).toContainText("Similar flats here ask");
  await wizard.getByRole("button", { name: "Create bot" }).click();
  await wizard.getByRole("button", { name: "Done" }).click();
  await expect(wizard).toBeHidden();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // A working bot: live, with its area and a band, and its card says so.
  const [bot] = await listBots(request, await tokenOf(page));
  expect(bot).toMatchObject({ isActive: true, neighborhoodCodes: [AREA.code], rooms: ROOMS });
  const band = bot?.priceLimit as [number, number];
  expect(band[0]).toBeGreaterThan(0);
  const card = page.getByTestId("bot-card");
  await expect(card.getByText("Active", { exact: true })).toBeVisible();
  await expect(card.getByText("Kikar HaMedina")).toBeVisible();
  await expect(card.getByText(`${ROOMS}+ rooms`, { exact: false })).toBeVisible();

  const { price, tag } = await firstMatch(baseURL as string, band);
  // Once it is in the chat, the card tells of it (it may also have had the area's recent flats).
  await waitForAsset(request, await tokenOf(page), bot?.chatId ?? "");
  await page.reload();
  await expect(card.getByText(/^Last match /)).toBeVisible();
  await expect(card.getByText(/^\d+ match(es)? this week$/)).toBeVisible();
  await card.getByRole("link", { name: "Open the chat of First flat" }).click();
  await expect(page).toHaveURL(/\/chats\/[^/?]+$/);
  const match = page.getByTestId("asset-card").filter({ hasText: tag });
  await expect(match).toBeVisible();
  await expect(match.getByTestId("asset-advertiser")).toHaveText("Private");
  await expect(match.getByTestId("asset-times")).toHaveText(/^Posted (2|3) minutes ago · Found by Dirabot/);
  await expect(match.getByRole("link", { name: "Call 0527654321" })).toHaveAttribute(
    "href",
    "tel:+972527654321",
  );
  const whatsApp = await match.getByRole("link", { name: /WhatsApp/ }).getAttribute("href");
  expect(whatsApp).toMatch(/^https:\/\/wa\.me\/972527654321\?text=/);

  await match.click({ position: { x: 24, y: 24 } });
  const story = page.getByRole("dialog", { name: /הרב קוק/ });
  await expect(story).toBeVisible();
  await expect(story.getByText(`₪${price.toLocaleString("en-US")}`).first()).toBeVisible();
});

test("the same road by keyboard alone", async ({ page, request, baseURL }) => {
  test.slow();
  await seedArea();
  const { email, password } = await registerPage(page);
  await tabTo(page, page.getByLabel("First name"));
  await page.keyboard.type("Avi");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Keys");
  await tabTo(page, page.getByLabel("Username"));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel("Password", { exact: true }));
  await page.keyboard.type(password);
  await tabTo(page, page.getByLabel("Verify password"));
  await page.keyboard.type(password);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "My Bots" })).toBeVisible();

  await tabTo(page, page.getByRole("button", { name: "Create new bot" }));
  await page.keyboard.press("Enter");
  const wizard = page.getByRole("dialog", { name: "Let's add a new bot" });
  await tabTo(page, wizard.getByRole("button", { name: /Via Website/ }));
  await page.keyboard.press("Enter");
  await expect(wizard.getByLabel("Bot Name")).toBeFocused();
  await page.keyboard.type("Keyboard flat");
  await page.keyboard.press("Enter");
  await expect(wizard.getByLabel("Search areas")).toBeFocused();
  await page.keyboard.type("Kikar HaMedina");
  await expect(page.getByRole("option", { name: "New North - Kikar HaMedina" })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(wizard.getByText("1 selected")).toBeVisible();
  await page.keyboard.press("Escape");
  await tabTo(page, wizard.getByLabel("Minimum Rooms"));
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(String(ROOMS));
  await expect(wizard.getByTestId("wizard-band")).toContainText("Similar flats here ask");
  await tabTo(page, wizard.getByRole("button", { name: "Create bot" }));
  await page.keyboard.press("Enter");
  await tabTo(page, wizard.getByRole("button", { name: "Done" }));
  await page.keyboard.press("Enter");
  await expect(wizard).toBeHidden();

  const [bot] = await listBots(request, await tokenOf(page));
  expect(bot).toMatchObject({ isActive: true, neighborhoodCodes: [AREA.code], rooms: ROOMS });
  const { tag } = await firstMatch(baseURL as string, bot?.priceLimit as [number, number]);
  const card = page.getByTestId("bot-card");
  await waitForAsset(request, await tokenOf(page), bot?.chatId ?? "");
  await page.reload();
  await expect(card.getByText(/^Last match /)).toBeVisible();
  await tabTo(page, card.getByRole("link", { name: "Open the chat of Keyboard flat" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/chats\/[^/?]+$/);

  // The card's story button and its call link are reached by Tab; Enter opens the story and
  // Escape closes it.
  const match = page.getByTestId("asset-card").filter({ hasText: tag });
  await expect(match).toBeVisible();
  await tabTo(page, match.getByRole("button", { name: /^Open the flat.s story: / }));
  await page.keyboard.press("Enter");
  const story = page.getByRole("dialog", { name: /הרב קוק/ });
  await expect(story).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(story).toBeHidden();
  const call = match.getByRole("link", { name: "Call 0527654321" });
  await tabTo(page, call);
  await expect(call).toHaveAttribute("href", "tel:+972527654321");
});
