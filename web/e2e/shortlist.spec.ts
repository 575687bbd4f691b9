import { expect, type Locator, type Page, test } from "@playwright/test";
import { newAccount, signedIn } from "./accounts.ts";
import { ingestListing, matchingBot, uniquePrice, waitForAsset } from "./chats.ts";
import { expectNoSideways, SIZES, shotsDir, showAt, THEMES } from "./shots.ts";

// A shortlist with votes: a match voted 👍 with a note shows who voted and why, a quick reply
// and who saw it; another open page of the chat sees the vote at once (the socket); the
// Shortlist lists the flat with its state; a flat turned down by everyone is folded away.

const shot = shotsDir("shortlist");

/** Two listings matched into a new bot's chat, the second a shekel dearer; answers the chat's id. */
async function matched(
  page: Page,
  request: Parameters<typeof newAccount>[0],
  baseURL: string,
  realistic = false,
) {
  const account = await newAccount(request);
  const price = uniquePrice(realistic);
  const bot = await matchingBot(request, account.token, "Shortlist bot", price);
  await ingestListing(baseURL, price, { street: "ויטל", houseNumber: "4" });
  await waitForAsset(request, account.token, bot.chatId);
  await ingestListing(baseURL, price + 1, { street: "אברבנאל", houseNumber: "12" });
  await waitForAsset(request, account.token, bot.chatId, 2);
  await signedIn(page, account.token);
  return { chatId: bot.chatId, token: account.token, price };
}

const cardOf = (page: Page, street: RegExp): Locator =>
  page
    .getByTestId("chat-message")
    .filter({ has: page.getByTestId("asset-card").filter({ hasText: street }) });

test("a 👍 with a note reaches the other page at once, and the shortlist shows the flat", async ({
  page,
  request,
  baseURL,
}) => {
  const { chatId } = await matched(page, request, baseURL as string);
  await page.goto(`/chats/${chatId}`);
  // The same chat open in a second page (another device of the household).
  const other = await page.context().newPage();
  await other.goto(`/chats/${chatId}`);
  const vital = cardOf(page, /ויטל/);
  const vitalThere = cardOf(other, /ויטל/);
  await expect(vitalThere.getByTestId("vote-up")).toHaveText(/0/);

  await vital.getByTestId("vote-up").click();
  await expect(vital.getByTestId("vote-up")).toHaveAttribute("aria-pressed", "true");
  await expect(vital.getByTestId("vote-up")).toHaveText(/1/);
  await vital.getByRole("button", { name: "Add a note" }).click();
  await vital.getByRole("textbox", { name: "Your note on this flat" }).fill("Quiet street, big balcony");
  await vital.getByRole("button", { name: "Save" }).click();
  await expect(vital.getByTestId("vote")).toHaveText(/^You.*: Quiet street, big balcony$/);
  await vital.getByRole("button", { name: "I called" }).click();
  await expect(vital.getByTestId("quick-reply")).toHaveText("You called");

  // The other page heard it over the socket, without a reload.
  await expect(vitalThere.getByTestId("vote-up")).toHaveText(/1/);
  await expect(vitalThere.getByTestId("vote")).toHaveText(/Quiet street, big balcony/);
  await expect(vitalThere.getByTestId("quick-reply")).toHaveText("You called");
  // Opening the chat marked both matches seen by its reader.
  await expect(vital.getByTestId("seen-by")).toHaveText(/Seen by You/);

  // The other flat turned down by everyone (the owner alone here) folds away, and opens again.
  const abarbanel = cardOf(page, /אברבנאל/);
  await abarbanel.getByTestId("vote-down").click();
  const folded = page.locator("[data-folded]");
  await expect(folded).toHaveText(/Turned down by everyone/);
  await folded.getByRole("button", { name: "Show" }).click();
  await expect(cardOf(page, /אברבנאל/).getByTestId("vote-down")).toHaveAttribute("aria-pressed", "true");

  await page.getByTestId("shortlist-toggle").click();
  const entries = page.getByTestId("shortlist-entry");
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText("ויטל");
  await expect(entries.first()).toContainText("Quiet street, big balcony");
  await expect(entries.first().getByTestId("shortlist-state")).toHaveText("Still listed");
  await expect(entries.first().getByTestId("shortlist-reply")).toHaveText("You called");
  // A vote heard on the socket changes the shortlist shown on the other page too.
  await other.getByTestId("shortlist-toggle").click();
  await expect(other.getByTestId("shortlist-entry")).toHaveCount(1);
  await page.getByTestId("shortlist-toggle").click();
  await cardOf(page, /ויטל/).getByTestId("vote-up").click(); // taken back
  await expect(other.getByTestId("shortlist-entry")).toHaveCount(0);
});

for (const lang of ["en", "he"] as const) {
  test.describe(`votes in ${lang === "he" ? "Hebrew" : "English"} (screenshots)`, () => {
    if (lang === "he") test.use({ locale: "he-IL", extraHTTPHeaders: { "Accept-Language": "he-IL" } });

    test(`the voted card and the shortlist at 1366 and 390 px, ${lang}`, async ({
      page,
      request,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const { chatId } = await matched(page, request, baseURL as string, true);
      await page.goto(`/chats/${chatId}`);
      const vital = cardOf(page, /ויטל/);
      await vital.getByTestId("vote-up").click();
      await vital.getByRole("button", { name: lang === "he" ? "הוספת הערה" : "Add a note" }).click();
      await vital
        .getByRole("textbox")
        .fill(lang === "he" ? "רחוב שקט, מרפסת גדולה" : "Quiet street, big balcony");
      await vital.getByRole("button", { name: lang === "he" ? "שמירה" : "Save" }).click();
      await expect(vital.getByTestId("vote")).toBeVisible();
      await vital.getByRole("button", { name: lang === "he" ? "התקשרתי" : "I called" }).click();
      await expect(vital.getByTestId("quick-reply")).toBeVisible();
      await cardOf(page, /אברבנאל/)
        .getByTestId("vote-down")
        .click();
      await expect(page.locator("[data-folded]")).toBeVisible();
      for (const size of SIZES)
        for (const theme of THEMES) {
          await showAt(page, `/chats/${chatId}`, theme, size);
          const card = cardOf(page, /ויטל/);
          await expect(card.getByTestId("seen-by")).toBeVisible();
          await expectNoSideways(page);
          if (size[0] < 600)
            for (const button of await card.getByTestId("match-actions").getByRole("button").all())
              expect((await button.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
          await card.getByTestId("match-actions").scrollIntoViewIfNeeded();
          await page.screenshot({ path: shot(`card-${lang}-${size[0]}-${theme}.png`) });
          await page.getByTestId("shortlist-toggle").click();
          await expect(page.getByTestId("shortlist-entry")).toHaveCount(1);
          await expectNoSideways(page);
          await page.screenshot({ path: shot(`shortlist-${lang}-${size[0]}-${theme}.png`) });
        }
    });
  });
}
