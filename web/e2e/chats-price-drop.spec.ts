import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { newAccount, signedIn } from "./accounts.ts";
import { chatPage, ingestListing, matchingBot, waitForAsset } from "./chats.ts";
import { expectNoSideways, SIZES, shotsDir, showAt, THEMES } from "./shots.ts";

// A price drop of a flat a bot already sent: the bot posts a short note of its own
// into the chat, "Price dropped: ₪7,500 → ₪6,900", under the flat's card, once. Screenshots in
// both themes at 1366 and 390 px for people to look at.

const shot = shotsDir("chats-price-drop");
const TEXT = "Price dropped: ₪7,500 → ₪6,900";

test("a flat the bot sent drops in price: the chat shows the drop as a note of its own, once", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const account = await newAccount(request);
  const bot = await matchingBot(request, account.token, "Florentin drops", 7500);
  const flat = { externalId: `e2e-${randomUUID()}`, street: "ויטל", houseNumber: "12" };
  await ingestListing(baseURL as string, 7500, flat);
  await waitForAsset(request, account.token, bot.chatId);
  await ingestListing(baseURL as string, 6900, flat);
  await ingestListing(baseURL as string, 6900, flat); // seen again at the same price: no second note
  const notes = async () =>
    (await chatPage(request, account.token, bot.chatId)).messages.filter((m) => m.content === TEXT).length;
  await expect.poll(notes, { timeout: 20_000 }).toBe(1);

  await signedIn(page, account.token);
  await page.goto("/chats"); // on the site, so the theme can be set in its storage
  for (const theme of THEMES)
    for (const size of SIZES) {
      await showAt(page, `/chats/${bot.chatId}`, theme, size);
      const drop = page.getByTestId("price-drop");
      await expect(drop).toHaveCount(1);
      await expect(drop).toContainText(TEXT);
      await expect(drop.getByRole("link", { name: /ויטל 12/ })).toBeVisible();
      // Below the flat's own card, from the bot.
      const messages = page.getByTestId("chat-message");
      await expect(messages.last()).toContainText(TEXT);
      await expect(messages.last()).toContainText("Florentin drops");
      await drop.scrollIntoViewIfNeeded();
      await expectNoSideways(page);
      await page.screenshot({ path: shot(`chat-${theme}-${size[0]}.png`) });
    }
  await page.getByTestId("price-drop").getByRole("link").click();
  await expect(page).toHaveURL(/\/properties\?story=/);
});
