import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { newAccount, signedIn } from "./accounts.ts";
import { type ApiBot, createBot, updateBot } from "./bots.ts";
import { ingestListing, matchingBot, uniquePrice, waitForAsset } from "./chats.ts";
import { expectNoSideways, SIZES, showAt, THEMES } from "./shots.ts";
import { complaints, holdTheCode } from "./written-ahead.ts";

// My Bots' cards say what each bot watches and how it is doing: its areas,
// price band, rooms and must-haves, its last match and this week's count, the way to its chat;
// a bot without areas is never Active and offers to choose them.

const FLORENTIN = 205;
const NEVE_TZEDEK = 848;
const cardOf = (page: Page, name: string) => page.getByTestId("bot-card").filter({ hasText: name });

/** The settings the cards show besides the form's: must-haves and Also Send, as the dialog saves them. */
async function choose(
  request: APIRequestContext,
  token: string,
  bot: ApiBot,
  extra: Record<string, unknown>,
) {
  const { isActive, neighborhoodCodes, priceLimit, rooms, merchant } = bot;
  const response = await request.patch(`/api/requests/${bot._id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { isActive, neighborhoodCodes, priceLimit, rooms, merchant, ...extra },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test("a bot with areas shows them, its band, rooms and must-haves, and is Active and awake", async ({
  page,
  request,
}) => {
  const account = await newAccount(request);
  const bot = await updateBot(request, account.token, await createBot(request, account.token, "South TLV"), {
    isActive: true,
    neighborhoodCodes: [NEVE_TZEDEK, FLORENTIN, 1516, 1517],
    priceLimit: [3000, 7500],
    rooms: 3,
    merchant: false,
  });
  await choose(request, account.token, bot, {
    filters: { safeRoom: true, parking: null, elevator: true },
    include: { rooms: false, sublets: true },
  });
  const paused = await createBot(request, account.token, "Paused search");
  await updateBot(request, account.token, paused, { isActive: false, neighborhoodCodes: [FLORENTIN] });
  await signedIn(page, account.token);
  await page.goto("/bots");

  const card = cardOf(page, "South TLV");
  await expect(card.getByTestId("bot-status")).toHaveText("Active");
  await expect(card.getByTestId("bot-areas")).toHaveText("Neve Tzedek, Florentin +2");
  await expect(card.getByTestId("bot-band")).toHaveText("₪3,000 – ₪7,500·3+ rooms"); // The dot is hidden on phones.
  const chips = card.getByTestId("bot-chips");
  for (const chip of ["Safe room", "Elevator", "Sublet", "Private only"])
    await expect(chips).toContainText(chip);
  await expect(chips).not.toContainText("Parking");
  await expect(card.getByTestId("bot-last-match")).toHaveText("No matches yet");
  await expect(card.getByText("4 areas")).toBeVisible();
  // Awake: open eyes, in colour. The paused one alone sleeps, greyed, and says Inactive.
  await expect(card.locator("img")).toHaveAttribute("data-look", "awake");
  const asleep = cardOf(page, "Paused search");
  await expect(asleep.getByTestId("bot-status")).toHaveText("Inactive");
  await expect(asleep.locator("img")).toHaveAttribute("data-look", "asleep");
  await expect(asleep.getByTestId("bot-areas")).toHaveText("Florentin");
});

test("a bot without areas says what it lacks, and its button opens Bot Settings on the areas", async ({
  page,
  request,
}) => {
  const account = await newAccount(request);
  await createBot(request, account.token, "Empty search");
  await signedIn(page, account.token);
  await page.goto("/bots");

  const card = cardOf(page, "Empty search");
  await expect(card.getByTestId("bot-status")).toHaveText("No areas");
  await expect(card.getByText("Active", { exact: true })).toHaveCount(0);
  await expect(card.getByTestId("bot-lacks")).toContainText("Choose areas to start");
  await expect(card.getByTestId("bot-watch")).toHaveCount(0);
  await expect(card.locator("img")).toHaveAttribute("data-look", "waiting");

  await card.getByRole("button", { name: "Choose areas for Empty search" }).click();
  const dialog = page.getByRole("dialog", { name: "Bot Settings" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Search areas")).toBeFocused();
  // Only the one dialog: the button is not also a click on the card.
  await expect(page.getByRole("dialog")).toHaveCount(1);
  await page.screenshot({ path: "/tmp/shots-botcards/choose-areas-en-light-1366.png" });
});

test("the chat button leads to that bot's own chat", async ({ page, request }) => {
  const account = await newAccount(request);
  const first = await matchingBot(request, account.token, "First search", uniquePrice());
  const second = await matchingBot(request, account.token, "Second search", uniquePrice());
  await signedIn(page, account.token);
  await page.goto("/bots");

  const link = cardOf(page, "Second search").getByRole("link", { name: "Open the chat of Second search" });
  await expect(link).toHaveAttribute("href", `/chats/${second.chatId}`);
  await link.click();
  await expect(page).toHaveURL(`/chats/${second.chatId}`);
  await expect(page.getByTestId("chat-title")).toHaveText("Second search");

  // Straight after the page opens (the chat list may not have arrived): the click finds the chat.
  await page.goto("/bots");
  await cardOf(page, "First search").getByRole("link", { name: "Open the chat of First search" }).click();
  await expect(page).toHaveURL(`/chats/${first.chatId}`);
  await expect(page.getByTestId("chat-title")).toHaveText("First search");
});

test("after a match the card shows the last match and this week's count", async ({
  page,
  request,
  baseURL,
}) => {
  const account = await newAccount(request);
  const price = uniquePrice();
  const bot = await matchingBot(request, account.token, "Matching search", price);
  await signedIn(page, account.token);
  await page.goto("/bots");
  const card = cardOf(page, "Matching search");
  await expect(card.getByTestId("bot-last-match")).toHaveText("No matches yet");
  await expect(card.getByTestId("bot-week")).toHaveCount(0);

  await ingestListing(baseURL as string, price);
  await waitForAsset(request, account.token, bot.chatId);
  await page.reload();
  await expect(card.getByTestId("bot-last-match")).toHaveText(
    /^Last match (now|\d+ seconds? ago|1 minute ago)$/,
  );
  await expect(card.getByTestId("bot-week")).toHaveText("1 match this week");
  await expect(card.getByText("1 seen post", { exact: true })).toBeVisible();
});

test("the cards at 390 and 1366 px, light and dark, English and Hebrew", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  for (const lang of ["en", "he"] as const) {
    const headers: Record<string, string> = lang === "he" ? { "accept-language": "he-IL,he;q=0.9" } : {};
    const account = await newAccount(request, lang === "he" ? "נועה" : "Dana", headers);
    const price = uniquePrice(true);
    const working = await matchingBot(
      request,
      account.token,
      lang === "he" ? "דירה בדרום העיר" : "South TLV",
      price,
    );
    await updateBot(request, account.token, working, {
      neighborhoodCodes: [FLORENTIN, NEVE_TZEDEK, 1516],
      priceLimit: [price - 4, price + 4],
      rooms: 2,
      merchant: false,
    });
    await choose(
      request,
      account.token,
      { ...working, neighborhoodCodes: [FLORENTIN, NEVE_TZEDEK, 1516], rooms: 2, merchant: false },
      {
        filters: { safeRoom: true, parking: true, elevator: null },
        include: { rooms: true, sublets: false },
      },
    );
    // The flat has what the bot must have: a flat not known to have it would never match.
    await ingestListing(baseURL as string, price, { facts: { safeRoom: true, parking: true } });
    await waitForAsset(request, account.token, working.chatId);
    await createBot(request, account.token, lang === "he" ? "חיפוש חדש" : "New search");
    const paused = await createBot(request, account.token, lang === "he" ? "מושהה" : "Paused");
    await updateBot(request, account.token, paused, { isActive: false, neighborhoodCodes: [NEVE_TZEDEK] });

    const context = await page
      .context()
      .browser()
      ?.newContext({ baseURL, locale: lang === "he" ? "he-IL" : "en-US" });
    if (!context) throw new Error("no browser");
    const tab = await context.newPage();
    await signedIn(tab, account.token);
    await tab.goto("/bots");
    for (const theme of THEMES)
      for (const size of SIZES) {
        await showAt(tab, "/bots", theme, size);
        await expect(tab.getByTestId("bot-card")).toHaveCount(3);
        await expect(tab.locator("img[data-look]")).toHaveCount(3);
        await expectNoSideways(tab);
        await tab.screenshot({
          path: `/tmp/shots-botcards/bots-${lang}-${theme}-${size[0]}.png`,
          fullPage: true,
        });
      }
    await context.close();
  }
});

test("drawn by the gateway, a card says what its bot watches before the code, and the app takes it over", async ({
  page,
  request,
  baseURL,
}) => {
  const account = await newAccount(request);
  const price = uniquePrice();
  const bot = await matchingBot(request, account.token, "Drawn search", price);
  await ingestListing(baseURL as string, price);
  await waitForAsset(request, account.token, bot.chatId);
  // Signed in through the form: the session cookie makes the gateway draw My Bots.
  await page.goto("/login");
  await page.getByLabel("Username").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "My Bots" })).toBeVisible();

  const said = complaints(page);
  const release = await holdTheCode(page);
  await page.goto("/bots", { waitUntil: "commit" });
  const card = cardOf(page, "Drawn search");
  await expect(card.getByTestId("bot-areas")).toHaveText("Florentin");
  await expect(card.getByTestId("bot-week")).toHaveText("1 match this week");
  await expect(card.getByTestId("bot-last-match")).toHaveText(/^Last match /);
  release();
  await expect(page.locator("#root")).not.toHaveAttribute("data-drawn");
  await expect(card.getByRole("link", { name: "Open the chat of Drawn search" })).toHaveAttribute(
    "href",
    `/chats/${bot.chatId}`,
  );
  expect(said).toEqual([]);
});
