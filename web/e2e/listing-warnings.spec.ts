import { expect, type Page, test } from "@playwright/test";
import { newAccount, signedIn } from "./accounts.ts";
import { ingestListing, matchingBot, uniquePrice, waitForAsset } from "./chats.ts";
import { newTag, seedFlats } from "./properties.ts";
import { expectNoSideways, SIZES, shotsDir, showAt, THEMES } from "./shots.ts";

// Warnings where it smells: a listing whose text asks for a deposit before anyone
// has seen the flat and says the owner is abroad sending the keys is shown with "Be careful: …"
// and its reasons, on the property card, in the story drawer and on the chat's asset card — and
// stays listed. Screenshots in both themes at 1366 and 390 px for people to look at.

const shot = shotsDir("listing-warnings");
const SMELLY =
  "Lovely 3 rooms, many people are asking. Send a deposit before the viewing to hold it. " +
  "I'm abroad at the moment; the keys will be sent by DHL.";
const REASONS = [
  "Asks for money before you have seen the flat",
  "Says the owner is abroad and will send the keys",
];
const warningsOf = (scope: ReturnType<Page["locator"]>) => scope.getByTestId("listing-warnings");
/**
 * "Be careful: " and both text reasons, in order. Other specs' flats share the neighbourhood, so
 * the area's median moves with them: a price reason may come first, and is the API tests' to check.
 */
async function expectWarned(scope: ReturnType<Page["locator"]>) {
  const said = warningsOf(scope);
  await expect(said).toHaveText(new RegExp(`^Be careful: (.+; )?${REASONS.join("; ")}$`));
}

test("a flagged listing says 'Be careful' with its reasons on its property card and story; a clean one does not", async ({
  page,
  request,
}) => {
  test.slow();
  const tag = newTag();
  await seedFlats(tag, [
    // Priced above any median other specs' flats make (a price far below one would add a reason).
    { price: 14900, rooms: 3, description: SMELLY, street: "ויטל", houseNumber: "7" },
    {
      price: 15100,
      rooms: 3,
      description: "Bright flat, the deposit is paid at contract signing.",
      street: "ויטל",
      houseNumber: "9",
    },
  ]);
  const account = await newAccount(request, "Noa");
  await signedIn(page, account.token);
  await page.goto(`/properties?searchText=${tag}`);
  const cards = page.getByTestId("property-card");
  await expect(cards).toHaveCount(2);
  const flagged = cards.filter({ hasText: "ויטל 7" });
  const clean = cards.filter({ hasText: "ויטל 9" });
  // Listed like any other, with the warning on its card.
  await expect(flagged.getByText("₪14,900")).toBeVisible();
  await expectWarned(flagged);
  await expect(warningsOf(clean)).toHaveCount(0);

  // The story drawer says it too.
  await flagged.getByRole("button", { name: "Story" }).click();
  const drawer = page.getByRole("dialog");
  await expectWarned(drawer);

  for (const theme of THEMES)
    for (const size of SIZES) {
      await showAt(page, `/properties?searchText=${tag}`, theme, size);
      await expect(warningsOf(flagged)).toBeVisible();
      await flagged.scrollIntoViewIfNeeded();
      await expectNoSideways(page);
      await page.screenshot({ path: shot(`properties-${theme}-${size[0]}.png`) });
    }
  await showAt(page, `/properties?searchText=${tag}`, "dark", SIZES[1]);
  await flagged.getByRole("button", { name: "Story" }).click();
  await expect(warningsOf(page.getByRole("dialog"))).toBeVisible();
  await page.screenshot({ path: shot("story-dark-390.png"), animations: "disabled" });
});

test("the chat's asset card of a flagged match says 'Be careful' with its reasons", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const account = await newAccount(request);
  const price = uniquePrice(true);
  const bot = await matchingBot(request, account.token, "Careful search", price);
  await ingestListing(baseURL as string, price, { description: SMELLY });
  await waitForAsset(request, account.token, bot.chatId);
  await signedIn(page, account.token);
  await page.goto("/chats"); // on the site, so the theme can be set in its storage
  for (const theme of THEMES)
    for (const size of SIZES) {
      await showAt(page, `/chats/${bot.chatId}`, theme, size);
      const card = page.getByTestId("asset-card");
      await expect(card.getByText(`₪${price.toLocaleString("en-US")}`)).toBeVisible();
      await expectWarned(card);
      await card.scrollIntoViewIfNeeded();
      await expectNoSideways(page);
      await page.screenshot({ path: shot(`chat-${theme}-${size[0]}.png`) });
    }
});
