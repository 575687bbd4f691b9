import { expect, type Page, test } from "@playwright/test";
import { newAccount, signedIn } from "./accounts.ts";
import { deleteBot } from "./bots.ts";
import { chatPage, ingestListing, matchingBot, sendText, uniquePrice, waitForAsset } from "./chats.ts";

// The chats screens against the real server: live matches, unread counts, sending, paging.

const conversation = (page: Page) => page.getByRole("region", { name: "Conversation" });
const listItem = (page: Page, name: string) => page.getByTestId("chat-list-item").filter({ hasText: name });

test("a listing matched while its chat is open appears without reload; one for another chat is counted unread", async ({
  page,
  request,
  baseURL,
}) => {
  const account = await newAccount(request);
  const [priceA, priceB] = [uniquePrice(), uniquePrice()];
  const a = await matchingBot(request, account.token, "Florentin live", priceA);
  const b = await matchingBot(request, account.token, "Second search", priceB);
  await signedIn(page, account.token);
  await page.goto("/chats");
  await expect(page).toHaveTitle("Chats | Dirabot");
  await expect(page.getByPlaceholder("חיפוש צ'אטים...")).toBeVisible();
  await expect(page.getByText("בחר צ'אט כדי להתחיל")).toBeVisible();
  await expect(page.getByTestId("chat-list-item")).toHaveCount(2);
  // The search box narrows the list by bot name.
  await page.getByPlaceholder("חיפוש צ'אטים...").fill("second");
  await expect(page.getByTestId("chat-list-item")).toHaveCount(1);
  await expect(listItem(page, "Second search")).toBeVisible();
  await page.getByPlaceholder("חיפוש צ'אטים...").fill("");
  await expect(page.getByTestId("chat-list-item")).toHaveCount(2);

  await listItem(page, "Florentin live").click();
  await expect(page).toHaveURL(`/chats/${a.chatId}`);
  const pane = conversation(page);
  await expect(pane.getByTestId("chat-title")).toHaveText("Florentin live");
  await expect(pane.getByRole("status", { name: "Connected to chat server" })).toBeVisible();
  await pane.getByRole("status").hover();
  await expect(page.locator(".bp6-tooltip")).toHaveText("Connected to chat server");

  const listed = await ingestListing(baseURL as string, priceA, { phone: "052-7654321" });
  const card = pane.getByTestId("asset-card");
  await expect(card).toHaveCount(1, { timeout: 20_000 });
  await expect(card.getByText(/^ויטל \d+/)).toBeVisible();
  await expect(card.getByText(`₪${priceA.toLocaleString("en-US")}`)).toBeVisible();
  for (const chip of ["3 rooms", "72 m²", "Floor 2"]) await expect(card.getByText(chip)).toBeVisible();
  await expect(card.getByText("Contact:")).toBeVisible();
  await expect(card.getByRole("link", { name: "Call 0527654321" })).toHaveAttribute(
    "href",
    "tel:+972527654321",
  );
  const ad = card.getByRole("link", { name: "View Ad" });
  await expect(ad).toHaveAttribute("href", listed.link);
  await expect(ad).toHaveAttribute("target", "_blank");
  await expect(ad).toHaveAttribute("rel", /noopener/);
  await expect(pane.getByTestId("chat-message").getByText("Florentin live")).toBeVisible();
  // The open chat does not count as unread.
  await expect(page.getByRole("button", { name: "0 unread messages" })).toBeVisible();

  // A match for the other bot while this chat is open: counted on its row, the icon and the nav.
  await ingestListing(baseURL as string, priceB);
  await expect(listItem(page, "Second search").getByLabel("1 unread")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("button", { name: "1 unread messages" })).toBeVisible();
  await expect(listItem(page, "Second search")).toContainText("ויטל");
  await expect(pane.getByTestId("asset-card")).toHaveCount(1);
  await page.getByRole("button", { name: "1 unread messages" }).hover();
  await expect(page.locator(".bp6-tooltip").filter({ hasText: "1 unread messages" })).toBeVisible();

  // The icon goes to /chats and marks every chat read.
  await page.getByRole("button", { name: "1 unread messages" }).click();
  await expect(page).toHaveURL("/chats");
  await expect(page.getByRole("button", { name: "0 unread messages" })).toBeVisible();
  await expect(listItem(page, "Second search").getByLabel("1 unread")).toBeHidden();
  await expect.poll(async () => (await chatPage(request, account.token, b.chatId)).messages.length).toBe(1);
});

test("the Chats nav badge counts new messages and clears when clicked", async ({
  page,
  request,
  baseURL,
}) => {
  const account = await newAccount(request);
  const price = uniquePrice();
  const bot = await matchingBot(request, account.token, "Badge bot", price);
  await signedIn(page, account.token);
  await page.goto("/bots");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Chats" })).toBeVisible();
  await ingestListing(baseURL as string, price);
  await waitForAsset(request, account.token, bot.chatId);
  await expect(nav.getByRole("link", { name: /Chats/ }).getByLabel("1 new messages")).toBeVisible();
  await nav.getByRole("link", { name: /Chats/ }).click();
  await expect(page).toHaveURL("/chats");
  await expect(nav.getByLabel("1 new messages")).toBeHidden();
  // Clearing the badge does not read the chats: the row still shows what is new.
  await expect(listItem(page, "Badge bot").getByLabel("1 unread")).toBeVisible();
  await listItem(page, "Badge bot").click();
  await expect(listItem(page, "Badge bot").getByLabel("1 unread")).toBeHidden();
});

test("a sent message shows at once, as text, and is still there after reload", async ({ page, request }) => {
  const account = await newAccount(request);
  const bot = await matchingBot(request, account.token, "Talk bot", uniquePrice());
  await signedIn(page, account.token);
  await page.goto(`/chats/${bot.chatId}`);
  const pane = conversation(page);
  const input = pane.getByPlaceholder("Type a message...");
  const send = pane.getByRole("button", { name: "Send" });
  await expect(input).toBeEnabled();
  await input.fill("   ");
  await expect(send).toBeDisabled();
  await input.press("Enter");
  await expect(pane.locator('[data-testid="chat-message"][data-own="true"]')).toHaveCount(0);

  await input.fill("Is it still <b>free</b>? Tom & Jerry <img src=x onerror=alert(1)>");
  await send.click();
  const mine = pane.getByTestId("chat-message").filter({ hasText: "Is it still free? Tom & Jerry" });
  await expect(mine).toHaveCount(1);
  await expect(mine).toHaveAttribute("data-own", "true");
  await expect(mine.locator("b, img")).toHaveCount(0);
  await expect(mine.getByText(`${account.firstname} ${account.lastname}`)).toBeVisible();
  await expect(mine.getByTestId("message-time")).toHaveText(/^\d{2}:\d{2}$/);
  await expect(input).toHaveValue("");
  await expect(input).toBeFocused();
  // The server's copy replaces the optimistic one: never two.
  await expect(mine).toHaveAttribute("data-pending", "false");
  await expect(pane.locator('[data-testid="chat-message"][data-own="true"]')).toHaveCount(1);

  // The list's preview follows.
  await expect(listItem(page, "Talk bot")).toContainText("Is it still free? Tom & Jerry");

  await page.reload();
  await expect(conversation(page).locator('[data-testid="chat-message"][data-own="true"]')).toHaveCount(1);
  await expect(conversation(page).getByText("Is it still free? Tom & Jerry")).toBeVisible();

  // Stars: toggled on the server, and the starred-only view shows just those.
  const star = conversation(page)
    .locator('[data-testid="chat-message"][data-own="true"]')
    .getByRole("button", { name: "Star message" });
  await star.click();
  await expect(conversation(page).getByRole("button", { name: "Unstar message" })).toBeVisible();
  await conversation(page).getByRole("button", { name: "Starred only" }).click();
  await expect(conversation(page).getByTestId("chat-message")).toHaveCount(1);
  await conversation(page).getByRole("button", { name: "Unstar message" }).click();
  await expect(conversation(page).getByText("אין הודעות מסומנות בכוכב בצ'אט זה")).toBeVisible();
});

test("a failed send removes the message and says so", async ({ page, request }) => {
  const account = await newAccount(request);
  const bot = await matchingBot(request, account.token, "Failing bot", uniquePrice());
  await signedIn(page, account.token);
  await page.goto(`/chats/${bot.chatId}`);
  const pane = conversation(page);
  await expect(pane.getByPlaceholder("Type a message...")).toBeEnabled();
  // The bot is deleted elsewhere (another tab): its chat goes with it, so the send fails for real.
  await deleteBot(request, account.token, bot._id);
  await expect
    .poll(async () =>
      (
        await request.get(`/api/chats/${bot.chatId}`, {
          headers: { Authorization: `Bearer ${account.token}` },
        })
      ).status(),
    )
    .toBe(404);
  await pane.getByPlaceholder("Type a message...").fill("This will not go");
  await pane.getByRole("button", { name: "Send" }).click();
  await expect(pane.getByRole("alert")).toHaveText("Failed to send message.");
  await expect(pane.getByText("This will not go")).toHaveCount(0);
  await expect(pane.getByPlaceholder("Type a message...")).toHaveValue("");
});

test("older messages load 20 at a time when scrolled to the top, keeping the view", async ({
  page,
  request,
}) => {
  const account = await newAccount(request);
  const bot = await matchingBot(request, account.token, "Paging bot", uniquePrice());
  for (let i = 1; i <= 45; i++)
    await sendText(request, account.token, bot.chatId, `note ${String(i).padStart(2, "0")}`);
  await signedIn(page, account.token);
  await page.goto(`/chats/${bot.chatId}`);
  const pane = conversation(page);
  const messages = pane.getByTestId("chat-message");
  await expect(messages).toHaveCount(20);
  await expect(messages.last()).toContainText("note 45");
  await expect(messages.first()).toContainText("note 26");
  await expect(pane.getByText("note 45")).toBeInViewport();
  // Away from the bottom: the scroll-to-bottom button.
  const box = pane.getByTestId("chat-messages");
  await box.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(pane.getByRole("button", { name: "Scroll to bottom" })).toBeVisible();
  await expect(messages).toHaveCount(40, { timeout: 5_000 });
  // The message that was at the top stays in view: the page went above it.
  await expect(pane.getByText("note 26")).toBeInViewport();
  await expect(messages.first()).toContainText("note 06");
  await box.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(messages).toHaveCount(45, { timeout: 5_000 });
  await expect(messages.first()).toContainText("note 01");
  await pane.getByRole("button", { name: "Scroll to bottom" }).click();
  await expect(pane.getByText("note 45")).toBeInViewport();
  await expect(pane.getByRole("button", { name: "Scroll to bottom" })).toBeHidden();
});
