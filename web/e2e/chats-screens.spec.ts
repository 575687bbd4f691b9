import { join } from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { newAccount, signedIn } from "./accounts.ts";
import { ingestListing, matchingBot, sendText, uniquePrice, waitForAsset } from "./chats.ts";

// The chats screen at phone width (list or conversation, with a back button) and screenshots of a
// chat with asset cards in both themes, on a desktop and a phone, for people to look at. They are
// written to test-results/screens (E2E_SCREENSHOTS elsewhere), not compared.

const SHOTS = process.env.E2E_SCREENSHOTS ?? join(import.meta.dirname, "..", "..", "test-results", "screens");

/**
 * Listing photos live on the sources' own hosts, which the e2e machine cannot reach: a stand-in
 * host answers in the browser with a drawn flat (and a 404 for a photo that is gone).
 */
const PHOTO_HOST = "https://photos.dirabot.test";

async function servePhotos(page: Page) {
  await page.route(`${PHOTO_HOST}/**`, (route) => {
    const name = new URL(route.request().url()).pathname;
    const colours: Record<string, [string, string]> = {
      "/vital.svg": ["#8ecae6", "#f4e3c1"],
      "/abarbanel.svg": ["#ffb4a2", "#e9edc9"],
    };
    const pick = colours[name];
    if (!pick) return route.fulfill({ status: 404, body: "gone" });
    return route.fulfill({ status: 200, contentType: "image/svg+xml", body: photo(...pick) });
  });
}

function photo(sky: string, wall: string): string {
  const windows = Array.from({ length: 12 }, (_, i) => {
    const x = 70 + (i % 4) * 60;
    const y = 70 + Math.floor(i / 4) * 60;
    return `<rect x="${x}" y="${y}" width="34" height="38" rx="3" fill="#cfe8ff" stroke="#5b6b7a"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 250"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#fff"/></linearGradient></defs><rect width="400" height="250" fill="url(#s)"/><rect x="50" y="50" width="260" height="200" fill="${wall}"/>${windows}<rect x="160" y="200" width="40" height="50" fill="#7a5230"/><rect x="0" y="235" width="400" height="15" fill="#7fb069"/><circle cx="350" cy="60" r="22" fill="#ffd166"/></svg>`;
  return svg;
}

async function chatWithCards(page: Page, request: Parameters<typeof newAccount>[0], baseURL: string) {
  const account = await newAccount(request, "Maya");
  const price = uniquePrice(true);
  const bot = await matchingBot(request, account.token, "Florentin 3 rooms", price);
  await ingestListing(baseURL, price - 3, {
    street: "ויטל",
    images: [`${PHOTO_HOST}/vital.svg`],
    size: 68,
    floor: 3,
  });
  await ingestListing(baseURL, price, {
    street: "אברבנאל",
    images: [`${PHOTO_HOST}/abarbanel.svg`],
    floor: 0,
  });
  await ingestListing(baseURL, price + 3, {
    street: "הרצל",
    images: [`${PHOTO_HOST}/removed.jpg`],
    phone: "054-2223344",
  });
  await waitForAsset(request, account.token, bot.chatId, 3);
  await sendText(request, account.token, bot.chatId, "The second one looks great, is it still available?");
  await signedIn(page, account.token);
  await servePhotos(page);
  const card = (pane: Locator, shekels: number) =>
    pane.getByTestId("asset-card").filter({ hasText: `₪${shekels.toLocaleString("en-US")}` });
  // This test's cards by their prices: another spec's listing may fall in the bot's price band and
  // join the conversation, so the checks are of these three, each exactly once.
  const cards = (pane: Locator) => ({
    vital: card(pane, price - 3),
    abarbanel: card(pane, price),
    herzl: card(pane, price + 3),
  });
  const expectOwn = async (pane: Locator) => {
    for (const c of Object.values(cards(pane))) await expect(c).toHaveCount(1);
  };
  return { bot, cards, expectOwn };
}

async function setTheme(page: Page, theme: "light" | "dark") {
  await page.evaluate((t) => window.localStorage.setItem("theme", t), theme);
  await page.reload();
}

/** Settled: the socket is up and every photo in view has loaded or failed (the rest load lazily). */
async function settled(page: Page) {
  const pane = page.getByRole("region", { name: "Conversation" });
  await expect(pane.getByRole("status", { name: "Connected to chat server" })).toBeVisible();
  const spinning = () =>
    page.evaluate(() => {
      const box = document.querySelector('[data-testid="chat-messages"]')?.getBoundingClientRect();
      return [...document.querySelectorAll('[data-testid="asset-card"] .bp6-spinner')].filter((s) => {
        const r = s.getBoundingClientRect();
        return box !== undefined && r.bottom > box.top && r.top < box.bottom;
      }).length;
    });
  await expect.poll(spinning).toBe(0);
}

test.describe("at phone width", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("shows the list or the conversation, with a back button, without sideways scrolling", async ({
    page,
    request,
    baseURL,
  }) => {
    const { bot, cards, expectOwn } = await chatWithCards(page, request, baseURL as string);
    await page.goto("/chats");
    const item = page.getByTestId("chat-list-item").filter({ hasText: "Florentin 3 rooms" });
    await expect(item).toBeVisible();
    await expect(page.getByRole("region", { name: "Conversation" })).toHaveCount(0);
    await item.click();
    const pane = page.getByRole("region", { name: "Conversation" });
    await expectOwn(pane);
    await expect(page.getByRole("complementary", { name: "Chats" })).toHaveCount(0);
    // One card's photo is gone from its host.
    await expect(cards(pane).herzl.getByText("Image not available")).toBeVisible();
    await expect(cards(pane).vital.getByText("Image not available")).toHaveCount(0);
    await expect(cards(pane).abarbanel.getByText("Ground floor")).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await settled(page);
    await page.screenshot({ path: join(SHOTS, "chat-phone-light.png") });
    await setTheme(page, "dark");
    await expectOwn(pane);
    await settled(page);
    await page.screenshot({ path: join(SHOTS, "chat-phone-dark.png") });
    await pane.getByRole("button", { name: "Back to chats" }).click();
    await expect(page).toHaveURL("/chats");
    await expect(page.getByTestId("chat-list-item")).toHaveCount(1);
    await page.screenshot({ path: join(SHOTS, "chats-list-phone-dark.png") });
    expect(bot.chatId).toBeTruthy();
  });
});

test("a chat with asset cards on a desktop, in both themes", async ({ page, request, baseURL }) => {
  const own = await chatWithCards(page, request, baseURL as string);
  await page.goto(`/chats/${own.bot.chatId}`);
  const pane = page.getByRole("region", { name: "Conversation" });
  const { vital, abarbanel, herzl } = own.cards(pane);
  await expect(vital.locator("img")).toHaveCount(1);
  await expect(abarbanel.locator("img")).toHaveCount(1);
  await expect(herzl.locator("img")).toHaveCount(0);
  await expect(pane.getByText("The second one looks great, is it still available?")).toBeVisible();
  await settled(page);
  await page.screenshot({ path: join(SHOTS, "chat-desktop-light.png") });
  // The cards with photos, at the top of the conversation.
  await pane.getByTestId("chat-messages").evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(pane.getByRole("button", { name: "Scroll to bottom" })).toBeVisible();
  await settled(page);
  await page.screenshot({ path: join(SHOTS, "chat-desktop-photos-light.png") });
  await setTheme(page, "dark");
  await own.expectOwn(pane);
  await settled(page);
  await page.screenshot({ path: join(SHOTS, "chat-desktop-dark.png") });
});
