import { expect, type Page, test } from "@playwright/test";
import { newAccount, signedIn } from "./accounts.ts";
import { createBot, deleteBot, FLORENTIN, FLORENTIN_EN, listBots, PICKED_AREA, updateBot } from "./bots.ts";
import { newTag, PLACES, seedFlats } from "./properties.ts";
import { expectNoSideways, SIZES, shotsDir, showAt, THEMES } from "./shots.ts";
import { telegramDouble } from "./telegram.ts";

// My Bots, the add-bot wizard and Bot Settings against the real server.

const shot = (page: Page, name: string) => page.screenshot({ path: shotsDir("bots")(`${name}.png`) });
const settings = (page: Page) => page.getByRole("dialog", { name: "Bot Settings" });

test("My Bots starts empty; the wizard creates a bot that appears as a card", async ({ page, request }) => {
  const account = await newAccount(request);
  await signedIn(page, account.token);
  await page.goto("/bots");
  await expect(page).toHaveTitle("Bots | Dirabot");
  await expect(page.getByRole("heading", { name: "My Bots" })).toBeVisible();
  await expect(page.getByText("View edit & control your bots")).toBeVisible();
  await expect(page.getByText("No bots found")).toBeVisible();
  await expect(
    page.getByText("You don't have any bots yet. Create your first bot by clicking the + button."),
  ).toBeVisible();

  await page.getByRole("button", { name: "Create new bot" }).hover();
  await expect(page.locator(".bp6-tooltip")).toHaveText("Create new bot");
  await page.getByRole("button", { name: "Create new bot" }).click();
  const wizard = page.getByRole("dialog", { name: "Let's add a new bot" });
  await expect(wizard).toBeVisible();
  await wizard.getByRole("button", { name: /Via Website/ }).click();
  const next = wizard.getByRole("button", { name: "Next" });
  await expect(next).toBeDisabled();
  await wizard.getByLabel("Bot Name").fill("   ");
  await expect(next).toBeDisabled();
  // Back returns to the method choice.
  await wizard.getByRole("button", { name: "Back" }).click();
  await wizard.getByRole("button", { name: /Via Website/ }).click();
  await wizard.getByLabel("Bot Name").fill("Florentin 3 rooms");
  await next.click();
  // What to watch: the bot is made with an area, never without one.
  await wizard.getByLabel("Search areas").fill(FLORENTIN);
  await page.getByRole("option", { name: FLORENTIN_EN }).click();
  await page.keyboard.press("Escape");
  await wizard.getByRole("button", { name: "Create bot" }).click();
  await expect(wizard.getByText("Florentin 3 rooms is ready")).toBeVisible();
  await wizard.getByRole("button", { name: "Done" }).click();
  await expect(wizard).toBeHidden();

  const card = page.getByTestId("bot-card");
  await expect(card).toHaveCount(1);
  await expect(card.getByRole("heading", { name: "Florentin 3 rooms" })).toBeVisible();
  await expect(card.getByText(`User: ${account.firstname} ${account.lastname}`)).toBeVisible();
  // Made with its area by the wizard: live at once (a bot without areas: bot-cards.spec.ts).
  await expect(card.getByText("Active", { exact: true })).toBeVisible();
  await expect(card.getByText("Choose areas to start")).toBeHidden();
  await expect(card.getByText("0 seen posts")).toBeVisible();
  await expect(card.getByText("1 area", { exact: true })).toBeVisible();
  await expect(card.locator("time")).toHaveText(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
  // Its robot, drawn once its code (fetched on demand) has arrived, seeded by the bot: the same face
  // after a reload.
  const robot = card.locator('img[src^="data:image/svg+xml"]');
  await expect(robot).toBeVisible();
  const face = await robot.getAttribute("src");
  await page.reload();
  await expect(
    page.getByTestId("bot-card").getByRole("heading", { name: "Florentin 3 rooms" }),
  ).toBeVisible();
  await expect(page.getByTestId("bot-card").locator("img")).toHaveAttribute("src", face ?? "none");
});

test("settings list the fixed validation messages live and disable Save; a save updates the card", async ({
  page,
  request,
}) => {
  const account = await newAccount(request);
  const bot = await createBot(request, account.token, "Validation bot");
  await updateBot(request, account.token, bot, { neighborhoodCodes: [205], priceLimit: [5000, 5100] });
  await signedIn(page, account.token);
  await page.goto("/bots");
  await page.getByTestId("bot-card").click();
  const dialog = settings(page);
  await expect(dialog.getByLabel("Chat Name")).toHaveValue("Validation bot");
  await expect(dialog.getByLabel("Chat Name")).toHaveAttribute("readonly", "");
  await expect(dialog.getByLabel("Chat ID")).toHaveValue(bot.chatId);
  await expect(dialog.getByText("Running")).toBeVisible();

  const save = dialog.getByRole("button", { name: "Save Changes" });
  await expect(save).toBeEnabled();
  await expect(dialog.getByText("Please select at least one area")).toBeHidden();
  await dialog.getByRole("button", { name: "Clear selected items" }).click();
  await expect(dialog.getByText("Please select at least one area")).toBeVisible();
  await expect(save).toBeDisabled();

  await dialog.getByLabel("Minimum Rooms").fill("");
  await expect(dialog.getByText("Please set a valid number of rooms (1-10)")).toBeVisible();
  await dialog.getByLabel("Minimum Rooms").fill("11");
  await expect(dialog.getByText("Please set a valid number of rooms (1-10)")).toBeVisible();

  // Both handles on the same price is not a range.
  await expect(dialog.getByText("₪5,000 – ₪5,100")).toBeVisible();
  await dialog.getByLabel("Maximum price").focus();
  await page.keyboard.press("ArrowLeft");
  await expect(dialog.getByText("₪5,000 – ₪5,000")).toBeVisible();
  await expect(dialog.getByText("Please set a valid price range")).toBeVisible();
  await expect(save).toBeDisabled();

  await dialog.getByLabel("Maximum price").focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  await dialog.getByLabel("Minimum Rooms").fill("3");
  await dialog.getByLabel("Search areas").fill(FLORENTIN);
  await page.getByRole("option", { name: FLORENTIN_EN }).click();
  await page.keyboard.press("Escape");
  await expect(dialog.getByText("Please select at least one area")).toBeHidden();
  await expect(dialog.getByText("Please set a valid number of rooms (1-10)")).toBeHidden();
  await expect(dialog.getByText("Please set a valid price range")).toBeHidden();
  await dialog.getByText("Private Listings Only").click();
  await dialog.getByText("Running").click();
  await expect(dialog.getByText("Stopped")).toBeVisible();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(dialog).toBeHidden();

  const card = page.getByTestId("bot-card");
  await expect(card.getByText("1 area", { exact: true })).toBeVisible();
  await expect(card.getByText("Inactive")).toBeVisible();
  const [saved] = await listBots(request, account.token);
  expect(saved).toMatchObject({ neighborhoodCodes: [205], rooms: 3, merchant: false, isActive: false });
  expect(saved?.priceLimit).toEqual([5000, 5300]);
});

test("a failed save shows the server's message inside the dialog", async ({ page, request }) => {
  const account = await newAccount(request);
  const bot = await createBot(request, account.token, "Soon gone");
  await updateBot(request, account.token, bot, { neighborhoodCodes: [205] });
  await signedIn(page, account.token);
  await page.goto("/bots");
  await page.getByTestId("bot-card").click();
  const dialog = settings(page);
  await expect(dialog.getByText("1 selected")).toBeVisible();
  await deleteBot(request, account.token, bot._id);
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Bot not found");
  // The dialog stays open with what the user entered.
  await expect(dialog.getByText("1 selected")).toBeVisible();
});

test("areas clicked on the map are saved", async ({ page, request }) => {
  // The boundaries are a large file drawn on a canvas: give a busy machine time.
  test.slow();
  const account = await newAccount(request);
  await createBot(request, account.token, "Map bot");
  await signedIn(page, account.token);
  await page.goto("/bots");
  await page.getByTestId("bot-card").click();
  const dialog = settings(page);
  await dialog.getByRole("button", { name: "Select on map" }).click();
  await expect(dialog.getByText(/גבולות: משרד הפנים/)).toBeVisible();
  await expect(dialog.getByRole("link", { name: "© OpenStreetMap contributors" })).toBeVisible();
  const map = dialog.getByTestId("area-map");
  await expect(map).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
  expect((await map.boundingBox())?.height).toBe(400);
  // Names are drawn from zoom 13, where the map opens: the hint to zoom in shows only below it.
  const hint = dialog.getByText("Zoom in to see area names 💗");
  await expect(hint).toBeHidden();
  await dialog.getByRole("button", { name: "Zoom out" }).click();
  await expect(hint).toBeVisible();
  await dialog.getByRole("button", { name: "Zoom in" }).click();
  await expect(hint).toBeHidden();
  await expect(map).toHaveAttribute("data-ready", "true");

  const box = await map.boundingBox();
  if (!box) throw new Error("the map has no box");
  const x = box.x + box.width / 2 + PICKED_AREA.dx;
  const y = box.y + box.height / 2 + PICKED_AREA.dy;
  await page.mouse.move(x, y);
  await expect(page.getByTestId("area-map-tooltip")).toHaveText(PICKED_AREA.name);
  await page.mouse.click(x, y);
  await expect(dialog.getByText("1 selected")).toBeVisible();
  // A second click takes it back; a third picks it again.
  await page.mouse.click(x, y);
  await expect(dialog.getByText("0 selected")).toBeVisible();
  await page.mouse.click(x, y);
  await expect(dialog.getByText("1 selected")).toBeVisible();

  await dialog.getByRole("button", { name: "List View" }).click();
  await expect(dialog.getByText(PICKED_AREA.name)).toBeVisible();
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("bot-card").getByText("1 area", { exact: true })).toBeVisible();
  const [saved] = await listBots(request, account.token);
  expect(saved?.neighborhoodCodes).toEqual([PICKED_AREA.code]);
});

test("deleting asks its fixed question; Cancel keeps the bot, Delete removes the card", async ({
  page,
  request,
}) => {
  const account = await newAccount(request);
  await createBot(request, account.token, "Old search");
  await signedIn(page, account.token);
  await page.goto("/bots");
  const card = page.getByTestId("bot-card");
  await card.getByRole("button", { name: "Delete Bot" }).click();
  const question = 'Are you sure you want to delete the bot "Old search"? This action cannot be undone.';
  const alert = page.getByRole("alertdialog");
  await expect(alert.getByText(question)).toBeVisible();
  await expect(settings(page)).toBeHidden();
  await alert.getByRole("button", { name: "Cancel" }).click();
  await expect(card).toHaveCount(1);

  await card.getByRole("button", { name: "Delete Bot" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByText("No bots found")).toBeVisible();
  expect(await listBots(request, account.token)).toEqual([]);
});

test("a code that fails verification says why in the wizard and leaves the address", async ({
  page,
  request,
}) => {
  const account = await newAccount(request);
  await signedIn(page, account.token);
  await page.goto("/bots?code=ABCDEF");
  const wizard = page.getByRole("dialog", { name: "Let's add a new bot" });
  await expect(wizard.getByRole("alert")).toHaveText(
    "This code is not valid. Send /register in your Telegram group for a new one.",
  );
  await expect(page).toHaveURL(/\/bots$/);
});

// With the Telegram double the driver starts (E2E_TELEGRAM_DOUBLE), the spec plays the group.
test("a Telegram group's link shows its group and adds the bot only once the person confirms", async ({
  page,
  request,
  baseURL,
}) => {
  // Four openings for the screenshots, then a match posted to the group: give each step room.
  test.slow();
  const telegram = telegramDouble(request);
  const group = -1_000_000_000_000 - Math.floor(Math.random() * 1e9);
  await telegram.say(group, "/register", { groupTitle: "Haifa flat hunt", username: "member" });
  let reply = "";
  await expect
    .poll(async () => {
      reply = (await telegram.sent(group))[0] ?? "";
      return reply;
    })
    .toMatch(/code: [A-Z2-9]{6}\n/);
  const link = /(http\S+\/bots\?code=[A-Z2-9]{6})/.exec(reply)?.[1] as string;
  expect(link).toBeTruthy();
  const code = new URL(link).searchParams.get("code") as string;

  const account = await newAccount(request);
  await signedIn(page, account.token);
  // The session cookie too, as a browser signed in by the form has it.
  await page
    .context()
    .addCookies([{ name: "dirabot_token_v3", value: account.token, url: baseURL as string }]);
  await page.goto(new URL(link).pathname + new URL(link).search);
  const wizard = page.getByRole("dialog", { name: "Let's add a new bot" });
  await expect(wizard.getByText("Add a bot that posts new listings to this Telegram group?")).toBeVisible();
  await expect(wizard.getByText("Haifa flat hunt")).toBeVisible();
  await expect(page).toHaveURL(/\/bots$/);
  await shot(page, "bots-group-confirm");
  // Nothing exists until the person says yes; closing adds nothing.
  expect(await listBots(request, account.token)).toEqual([]);
  await wizard.getByRole("button", { name: "Cancel" }).click();
  await expect(wizard).toBeHidden();
  await expect(page.getByText("No bots found")).toBeVisible();
  expect(await listBots(request, account.token)).toEqual([]);

  // Opening the API's address itself (a link on another page, say) creates nothing either.
  const opened = await page.goto(`/api/requests/verifycode?code=${code}`);
  expect(opened?.status()).toBe(403);
  expect(await listBots(request, account.token)).toEqual([]);

  // The search step at both widths and in both themes: opening the link again spends nothing.
  for (const size of SIZES)
    for (const theme of THEMES) {
      await showAt(page, new URL(link).pathname + new URL(link).search, theme, size);
      await wizard.getByRole("button", { name: "Next" }).click();
      await wizard.getByLabel("Search areas").fill(FLORENTIN);
      await page.getByRole("option", { name: FLORENTIN_EN }).click();
      await page.keyboard.press("Escape");
      // The list closed (not fading out) before the picture.
      await expect(page.getByRole("option").first()).toBeHidden();
      await expect(wizard.getByTestId("wizard-summary")).toBeVisible();
      await shot(page, `bots-group-search-${size[0]}-${theme}`);
      await page.screenshot({
        path: shotsDir("bots")(`bots-group-search-${size[0]}-${theme}-full.png`),
        fullPage: true,
      });
      await expectNoSideways(page);
      await page.keyboard.press("Escape");
      await expect(wizard).toBeHidden();
    }
  await showAt(page, new URL(link).pathname + new URL(link).search, "light", SIZES[0]);
  await wizard.getByRole("button", { name: "Next" }).click();
  // What to watch: chosen before the code is redeemed, so the bot is never live without it.
  await expect(wizard.getByText("What to watch")).toBeVisible();
  const add = wizard.getByRole("button", { name: "Add bot" });
  await expect(add).toBeDisabled();
  await expect(wizard.getByText("Please select at least one area")).toBeVisible();
  // Back to the group and on again: nothing is added on the way.
  await wizard.getByRole("button", { name: "Back" }).click();
  await expect(wizard.getByText("Haifa flat hunt")).toBeVisible();
  await wizard.getByRole("button", { name: "Next" }).click();
  await wizard.getByLabel("Search areas").fill(FLORENTIN);
  await page.getByRole("option", { name: FLORENTIN_EN }).click();
  await page.keyboard.press("Escape");
  await expect(wizard.getByTestId("wizard-summary")).toContainText("1 area in Tel Aviv-Yafo");
  expect(await listBots(request, account.token)).toEqual([]);
  await add.click();
  await expect(wizard.getByText("Haifa flat hunt is ready")).toBeVisible();
  await expect(
    wizard.getByText(
      "It watches your search and posts every new match to the Telegram group and into its chat.",
    ),
  ).toBeVisible();
  await wizard.getByRole("button", { name: "Done" }).click();
  await expect(wizard).toBeHidden();
  const card = page.getByTestId("bot-card");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Haifa flat hunt");
  // Live with its area at once: Active, one area, nothing left to fix.
  await expect(card.getByText("Active", { exact: true })).toBeVisible();
  await expect(card.getByText("1 area", { exact: true })).toBeVisible();
  await expect(card.getByText("Choose areas to start")).toBeHidden();
  const [bot] = await listBots(request, account.token);
  expect(bot).toMatchObject({
    chatId: String(group),
    chatName: "Haifa flat hunt",
    isActive: true,
    neighborhoodCodes: [PLACES.florentin.code],
  });

  // A flat it watches reaches the group with no other dialog opened.
  const [low, high] = (bot as { priceLimit: [number, number] }).priceLimit;
  const [flat] = await seedFlats(newTag(), [
    { price: Math.round((low + high) / 2), place: PLACES.florentin },
  ]);
  await expect
    .poll(async () => (await telegram.sent(group)).some((text) => text.includes(flat?.link as string)), {
      timeout: 30_000,
    })
    .toBe(true);
});

test("the wizard says so when the account has its 25 bots", async ({ page, request }) => {
  const account = await newAccount(request);
  for (let i = 1; i <= 25; i++) await createBot(request, account.token, `Bot ${i}`);
  await signedIn(page, account.token);
  await page.goto("/bots");
  await expect(page.getByTestId("bot-card")).toHaveCount(25);
  await page.getByRole("button", { name: "Create new bot" }).click();
  const wizard = page.getByRole("dialog", { name: "Let's add a new bot" });
  await wizard.getByRole("button", { name: /Via Website/ }).click();
  await wizard.getByLabel("Bot Name").fill("One more");
  await wizard.getByRole("button", { name: "Next" }).click();
  await wizard.getByLabel("Search areas").fill(FLORENTIN);
  await page.getByRole("option", { name: FLORENTIN_EN }).click();
  await page.keyboard.press("Escape");
  await wizard.getByRole("button", { name: "Create bot" }).click();
  await expect(wizard.getByRole("alert")).toHaveText(
    "You have 25 bots, the most an account can have. Delete one to add another.",
  );
  await shot(page, "bots-limit");
  expect(await listBots(request, account.token)).toHaveLength(25);
});

test("the map's tiles follow the theme", async ({ page, request }) => {
  test.slow();
  const account = await newAccount(request);
  await createBot(request, account.token, "Night owl");
  await page.addInitScript(() => window.localStorage.setItem("theme", "dark"));
  await signedIn(page, account.token);
  const tiles: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith(".png") && r.url().includes("basemaps")) tiles.push(r.url());
  });
  await page.goto("/bots");
  await page.getByTestId("bot-card").click();
  await settings(page).getByRole("button", { name: "Select on map" }).click();
  await expect(settings(page).getByTestId("area-map")).toHaveAttribute("data-ready", "true", {
    timeout: 20_000,
  });
  await expect.poll(() => tiles.length).toBeGreaterThan(0);
  expect(tiles.every((url) => url.includes("/dark_all/"))).toBe(true);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("My Bots shows two cards a row and the settings fit the screen", async ({ page, request }) => {
    const account = await newAccount(request);
    for (const name of ["First", "Second", "Third"]) await createBot(request, account.token, name);
    await signedIn(page, account.token);
    await page.goto("/bots");
    const cards = page.getByTestId("bot-card");
    await expect(cards).toHaveCount(3);
    const [a, b, c] = await Promise.all([0, 1, 2].map((i) => cards.nth(i).boundingBox()));
    expect(a?.y).toBe(b?.y);
    expect(c?.y ?? 0).toBeGreaterThan(a?.y ?? 0);
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expect(page.getByRole("button", { name: "Create new bot" })).toBeInViewport();

    await cards.first().click();
    const box = await settings(page).boundingBox();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(390);
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
