import { expect, type Page, test } from "@playwright/test";
import { newAccount, signedIn } from "./accounts.ts";
import { ingestListing, matchingBot, uniquePrice } from "./chats.ts";
import { notify, unreadCount } from "./notifications.ts";

// The top bar's bell: the unread count, the 5 latest, a click that reads one
// and follows its url (a match's opens its flat's story), 'Mark all as read', 'View All', and
// live news from the socket.

const bell = (page: Page) => page.getByRole("button", { name: /^Notifications/ });
const popover = (page: Page) => page.getByRole("region", { name: "Notifications" });

test("the popover shows the 5 latest, marks all read and leads to /notifications", async ({
  page,
  request,
  baseURL,
}) => {
  const account = await newAccount(request, "Noa");
  // Two matches first (an account may send itself 5 test notifications a minute), then five tests.
  const price = uniquePrice();
  await matchingBot(request, account.token, "Noa's older matches", price);
  // Two flats (no shared phone, address or photo: not one flat's duplicates).
  await ingestListing(baseURL as string, price, {
    street: "ויטל",
    houseNumber: "3",
    phone: "050-7000001",
    images: [],
  });
  await ingestListing(baseURL as string, price + 1, {
    street: "אברבנאל",
    houseNumber: "17",
    phone: "050-7000002",
    images: [],
  });
  await expect.poll(() => unreadCount(request, account.token), { timeout: 20_000 }).toBe(2);
  for (let i = 3; i <= 7; i++)
    await notify(request, account.token, { title: `Flat ${i}`, body: `Body ${i}` });
  await signedIn(page, account.token);
  await page.goto("/bots");

  await expect(bell(page)).toHaveAccessibleName("Notifications, 7 unread");
  await expect(bell(page)).toContainText("7");
  await bell(page).click();
  const box = popover(page);
  await expect(box.getByText("You have 7 unread")).toBeVisible();
  // The newest five, newest first.
  const titles = box.getByTestId("notification-title");
  await expect(titles).toHaveText(["Flat 7", "Flat 6", "Flat 5", "Flat 4", "Flat 3"]);
  await expect(box.getByRole("img", { name: "Unread" })).toHaveCount(5);
  const width = await page
    .locator(".bp6-popover-content")
    .filter({ has: popover(page) })
    .evaluate((e) => e.clientWidth);
  expect(width).toBe(360);

  await box.getByRole("button", { name: "Mark all as read" }).click();
  await expect(box.getByRole("img", { name: "Unread" })).toHaveCount(0);
  await expect(bell(page)).toHaveAccessibleName("Notifications");
  await expect(box.getByRole("button", { name: "Mark all as read" })).toBeDisabled();
  await expect.poll(() => unreadCount(request, account.token)).toBe(0);

  await box.getByRole("button", { name: "View All" }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(popover(page)).toBeHidden();
});

test("a click reads one notification and follows its url", async ({ page, request }) => {
  const account = await newAccount(request, "Omer");
  await notify(request, account.token, { title: "Your bot is ready", body: "Open your bots", url: "/bots" });
  await notify(request, account.token, { title: "Nowhere", body: "No link" });
  await signedIn(page, account.token);
  await page.goto("/properties");
  await bell(page).click();
  await popover(page)
    .getByRole("button", { name: /Your bot is ready/ })
    .click();
  await expect(page).toHaveURL(/\/bots$/);
  await expect(bell(page)).toHaveAccessibleName("Notifications, 1 unread");
  await expect.poll(() => unreadCount(request, account.token)).toBe(1);
});

test("an empty bell says 'No Notifications'; a new one arrives live over the socket", async ({
  page,
  request,
}) => {
  const account = await newAccount(request, "Tal");
  await signedIn(page, account.token);
  await page.goto("/bots");
  await bell(page).click();
  await expect(popover(page).getByText("No Notifications")).toBeVisible();
  await notify(request, account.token, { title: "Live one", body: "Arrived while open" });
  await expect(popover(page).getByText("Live one")).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName("Notifications, 1 unread");
});

test("a match arrives live in an open bell: 'New match: <bot name>', unread 1", async ({
  page,
  request,
  baseURL,
}) => {
  const account = await newAccount(request, "Noa");
  const price = uniquePrice();
  const bot = await matchingBot(request, account.token, "Noa's Florentin", price);
  await signedIn(page, account.token);
  await page.goto("/bots");
  await bell(page).click();
  await expect(popover(page).getByText("No Notifications")).toBeVisible();
  // The listing's match travels as the sockets' own event (notifications.shown).
  await ingestListing(baseURL as string, price);
  await expect(popover(page).getByText("New match: Noa's Florentin")).toBeVisible({ timeout: 20_000 });
  await expect(bell(page)).toHaveAccessibleName("Notifications, 1 unread");

  // A click opens the match's chat at its message with the flat's story over it, as its push does.
  await popover(page)
    .getByRole("button", { name: /New match: Noa's Florentin/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/chats/${bot.chatId}\\?message=[\\w-]+&story=[\\w-]+$`));
  await expect(page.getByRole("dialog", { name: /^ויטל \d+/ })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName("Notifications");
});
