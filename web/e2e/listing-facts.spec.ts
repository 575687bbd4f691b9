import { expect, type Page, test } from "@playwright/test";
import { newAccount, signedIn } from "./accounts.ts";
import { ingestListing, matchingBot, uniquePrice, waitForAsset } from "./chats.ts";
import { newTag, restateFacts, seedFlats } from "./properties.ts";
import { expectNoSideways, SIZES, shotsDir, showAt, THEMES } from "./shots.ts";

// The facts renters filter on: what a source says a flat has shows as chips on its
// property card and the chat's asset card, a sublet or a room in a shared flat says so, unknown
// shows nothing on a card; a bot's Must Have and Also Send settings are saved and shown again
// after a reload. Screenshots in both themes at 1366 and 390 px for people to look at.

const shot = shotsDir("listing-facts");
// Blueprint draws its own box over the input: a person (and the test) clicks the label.
const chipsOf = (scope: ReturnType<Page["locator"]>) => scope.getByTestId("listing-fact");

test("a property card shows the known facts as chips and the term; unknown and 'no' show nothing", async ({
  page,
  request,
}) => {
  test.slow();
  const tag = newTag();
  await seedFlats(tag, [
    {
      price: 6800,
      street: "ויטל",
      houseNumber: "11",
      facts: { safeRoom: true, parking: true, elevator: false, airConditioning: true },
    },
    { price: 4300, street: "ויטל", houseNumber: "13", kind: "sublet", facts: { furnished: true } },
    { price: 2900, street: "ויטל", houseNumber: "15", kind: "room" },
    { price: 7000, street: "ויטל", houseNumber: "17" },
  ]);
  const account = await newAccount(request, "Tal");
  await signedIn(page, account.token);
  await page.goto(`/properties?searchText=${tag}`);
  const cards = page.getByTestId("property-card");
  await expect(cards).toHaveCount(4);
  const known = cards.filter({ hasText: "ויטל 11" });
  await expect(chipsOf(known)).toHaveText(["Safe room", "Parking", "Air conditioning"]);
  await expect(known.getByTestId("listing-term")).toHaveCount(0);
  const sublet = cards.filter({ hasText: "ויטל 13" });
  await expect(sublet.getByTestId("listing-term")).toHaveText("Sublet");
  await expect(chipsOf(sublet)).toHaveText(["Furnished"]);
  const room = cards.filter({ hasText: "ויטל 15" });
  await expect(room.getByTestId("listing-term")).toHaveText("Room in shared flat");
  await expect(chipsOf(room)).toHaveCount(0);
  await expect(cards.filter({ hasText: "ויטל 17" }).getByTestId("listing-facts")).toHaveCount(0);

  // The story drawer also says what is not there and what no source said.
  await known.getByRole("button", { name: "Story" }).click();
  const drawer = page.getByRole("dialog");
  await expect(chipsOf(drawer)).toHaveText(["Safe room", "Parking", "Air conditioning"]);
  await expect(drawer.getByTestId("listing-fact-no")).toHaveText(["No elevator"]);
  await expect(drawer.getByTestId("listing-facts-unknown")).toHaveText(
    "Unknown: balcony, furnished, pets allowed, accessible",
  );

  for (const theme of THEMES)
    for (const size of SIZES) {
      await showAt(page, `/properties?searchText=${tag}`, theme, size);
      await expect(chipsOf(known).first()).toBeVisible();
      await expect(chipsOf(known).last().locator("svg")).toBeVisible();
      await known.scrollIntoViewIfNeeded();
      await expectNoSideways(page);
      await page.screenshot({ path: shot(`properties-${theme}-${size[0]}.png`) });
    }
  await showAt(page, `/properties?searchText=${tag}`, "dark", SIZES[1]);
  await known.getByRole("button", { name: "Story" }).click();
  await expect(page.getByRole("dialog").getByTestId("listing-facts")).toBeVisible();
  await page.getByRole("dialog").getByTestId("listing-facts").scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot("story-dark-390.png"), animations: "disabled" });
});

test("the chat's asset card of a match shows its facts as chips", async ({ page, request, baseURL }) => {
  test.slow();
  const account = await newAccount(request);
  const price = uniquePrice(true);
  const bot = await matchingBot(request, account.token, "Facts search", price);
  await ingestListing(baseURL as string, price, { facts: { safeRoom: true, elevator: true, balcony: true } });
  await waitForAsset(request, account.token, bot.chatId);
  await signedIn(page, account.token);
  await page.goto("/chats");
  for (const theme of THEMES)
    for (const size of SIZES) {
      await showAt(page, `/chats/${bot.chatId}`, theme, size);
      const card = page.getByTestId("asset-card");
      await expect(card.getByText(`₪${price.toLocaleString("en-US")}`)).toBeVisible();
      await expect(chipsOf(card)).toHaveText(["Safe room", "Elevator", "Balcony"]);
      // Icons arrive a module each when first drawn: the picture waits for the chips' own.
      await expect(chipsOf(card).last().locator("svg")).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await expectNoSideways(page);
      await page.screenshot({ path: shot(`chat-${theme}-${size[0]}.png`) });
    }
});

test("a bot's Must Have and Also Send settings: chosen in the wizard, shown in Bot Settings after a reload", async ({
  page,
  request,
}) => {
  test.slow();
  const account = await newAccount(request);
  await signedIn(page, account.token);
  await page.goto("/bots");
  await page.getByRole("button", { name: "Create new bot" }).click();
  const wizard = page.getByRole("dialog", { name: "Let's add a new bot" });
  await wizard.getByRole("button", { name: /Via Website/ }).click();
  await wizard.getByLabel("Bot Name").fill("Safe and sound");
  await wizard.getByRole("button", { name: "Next" }).click();
  // What to watch: an area first, then the must-haves below it.
  await wizard.getByLabel("Search areas").fill("פלורנטין");
  await page.getByRole("option", { name: "Florentin", exact: true }).first().click();
  await page.keyboard.press("Escape");
  // Nothing is required by default, and only whole flats for long-term rent are sent.
  for (const label of ["Safe room (ממ״ד)", "Parking", "Elevator", "Rooms in shared flats", "Sublets"])
    await expect(wizard.getByLabel(label)).not.toBeChecked();
  await wizard.getByText("Safe room (ממ״ד)", { exact: true }).click();
  await wizard.getByText("Sublets", { exact: true }).click();
  await page.screenshot({ path: shot("wizard-light-1366.png") });
  await wizard.getByRole("button", { name: "Create bot" }).click();
  await expect(wizard.getByText("Safe and sound is ready")).toBeVisible();
  await wizard.getByRole("button", { name: "Done" }).click();

  await page.reload();
  await page.getByTestId("bot-card").click();
  const dialog = page.getByRole("dialog", { name: "Bot Settings" });
  await expect(dialog.getByLabel("Safe room (ממ״ד)")).toBeChecked();
  await expect(dialog.getByLabel("Sublets")).toBeChecked();
  await expect(dialog.getByLabel("Parking")).not.toBeChecked();
  await expect(dialog.getByLabel("Rooms in shared flats")).not.toBeChecked();
  await dialog.getByRole("button", { name: "Cancel" }).click();
});

test.describe("Bot Settings saves the choices", () => {
  test("saved and shown again after a reload, in both themes and on a phone", async ({ page, request }) => {
    test.slow();
    const account = await newAccount(request);
    const price = uniquePrice(true);
    await matchingBot(request, account.token, "Choices bot", price);
    await signedIn(page, account.token);
    await page.goto("/bots");
    await page.getByTestId("bot-card").click();
    const dialog = page.getByRole("dialog", { name: "Bot Settings" });
    await dialog.getByText("Parking", { exact: true }).click();
    await dialog.getByText("Elevator", { exact: true }).click();
    await dialog.getByText("Rooms in shared flats", { exact: true }).click();
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog).toBeHidden();

    for (const theme of THEMES)
      for (const size of SIZES) {
        await showAt(page, "/bots", theme, size);
        await page.getByTestId("bot-card").click();
        const again = page.getByRole("dialog", { name: "Bot Settings" });
        await expect(again.getByLabel("Parking")).toBeChecked();
        await expect(again.getByLabel("Elevator")).toBeChecked();
        await expect(again.getByLabel("Rooms in shared flats")).toBeChecked();
        await expect(again.getByLabel("Safe room (ממ״ד)")).not.toBeChecked();
        await expect(again.getByLabel("Sublets")).not.toBeChecked();
        await again.getByTestId("bot-choice-parking").scrollIntoViewIfNeeded();
        await page.screenshot({ path: shot(`settings-${theme}-${size[0]}.png`) });
        await again.getByRole("button", { name: "Cancel" }).click();
      }
  });
});

// A fact a source said and then took back: the match sent on its word stays, and the
// flat's story says what changed, in the reader's language.
for (const { name, locale, story, change } of [
  { name: "English", locale: "en-US", story: "Story", change: "Safe room: said yes, now says no" },
  { name: "Hebrew", locale: "he-IL", story: "סיפור הדירה", change: "ממ״ד: קודם נכתב כן, עכשיו כתוב לא" },
]) {
  test.describe(`the story of a flat whose source took a fact back, in ${name}`, () => {
    test.use({ locale, extraHTTPHeaders: { "Accept-Language": locale } });

    test("says which fact changed, beside the facts as they are now", async ({ page, request }) => {
      test.slow();
      const tag = newTag();
      const [flat] = await seedFlats(tag, [
        { price: 6900, street: "ויטל", houseNumber: "21", facts: { safeRoom: true, parking: true } },
      ]);
      await restateFacts(flat?.externalId as string, { safeRoom: false, parking: true });
      const account = await newAccount(request, "Noa", { "Accept-Language": locale });
      await signedIn(page, account.token);
      await page.goto(`/properties?searchText=${tag}`);
      await page.getByTestId("property-card").getByRole("button", { name: story }).click();
      const drawer = page.getByRole("dialog");
      const changes = drawer.getByTestId("story-fact-change");
      await expect(changes).toHaveCount(1);
      await expect(changes).toContainText(change);
      await expect(drawer.getByTestId("listing-fact-no")).toHaveCount(1);
      const url = page.url().replace(/^https?:\/\/[^/]+/, "");
      for (const theme of THEMES)
        for (const size of SIZES) {
          await showAt(page, url, theme, size);
          const shown = page.getByRole("dialog").getByTestId("story-fact-change");
          await expect(shown).toContainText(change);
          await shown.scrollIntoViewIfNeeded();
          await expectNoSideways(page);
          await page.screenshot({
            path: shot(`story-change-${locale.slice(0, 2)}-${theme}-${size[0]}.png`),
            animations: "disabled",
          });
        }
    });
  });
}
