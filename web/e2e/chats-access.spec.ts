import { expect, type Page, test } from "@playwright/test";
import { adminToken, newAccount, signedIn } from "./accounts.ts";
import { ingestListing, matchingBot, sendText, uniquePrice, waitForAsset } from "./chats.ts";

// Who sees which chats: a user only their own, an admin every user's grouped by owner,
// answering as admin.

const conversation = (page: Page) => page.getByRole("region", { name: "Conversation" });

test("a user never sees another user's chats, in the list or by address", async ({ page, request }) => {
  const alice = await newAccount(request, "Alice");
  const bot = await matchingBot(request, alice.token, "Alice private search", uniquePrice());
  await sendText(request, alice.token, bot.chatId, "Alice's secret note");
  const bob = await newAccount(request, "Bob");
  await signedIn(page, bob.token);

  await page.goto("/chats");
  await expect(page.getByText("אין צ'אטים זמינים")).toBeVisible();
  await expect(page.getByTestId("chat-list-item")).toHaveCount(0);

  await page.goto(`/chats/${bot.chatId}`);
  const pane = conversation(page);
  await expect(pane.getByRole("alert")).toHaveText("Failed to load chat messages.");
  await expect(pane.getByTestId("chat-message")).toHaveCount(0);
  await expect(page.getByText("Alice private search")).toHaveCount(0);
  await expect(page.getByText("Alice's secret note")).toHaveCount(0);
  await expect(pane.getByPlaceholder("Type a message...")).toBeDisabled();
});

test("an admin sees every user's chats grouped by owner and answers as admin", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const owner = await newAccount(request, "Noa");
  const price = uniquePrice();
  const bot = await matchingBot(request, owner.token, "Noa's Florentin bot", price);
  await ingestListing(baseURL as string, price);
  await waitForAsset(request, owner.token, bot.chatId);
  await signedIn(page, await adminToken(request));

  await page.goto("/admin/chats");
  await expect(page).toHaveTitle("Chats | Dirabot");
  const group = page.getByTestId("chat-section").filter({ hasText: `Noa ${owner.lastname}` });
  await expect(group.getByText(owner.email)).toBeVisible();
  await group.getByTestId("chat-list-item").filter({ hasText: "Noa's Florentin bot" }).click();
  await expect(page).toHaveURL(`/admin/chats/${bot.chatId}`);
  const pane = conversation(page);
  await expect(pane.getByText(owner.email)).toBeVisible();
  await expect(pane.getByTestId("asset-card")).toHaveCount(1);

  // An admin's visit reads nothing for the owner: the match is still unread for them.
  const seen = await request.get("/api/chats", { headers: { Authorization: `Bearer ${owner.token}` } });
  const mine = ((await seen.json()) as Array<{ _id: string; unreadCount: number }>).find(
    (c) => c._id === bot.chatId,
  );
  expect(mine?.unreadCount).toBeGreaterThanOrEqual(1);
  await pane.getByPlaceholder("Type a message...").fill("Hi Noa, this one is a good deal");
  await pane.getByRole("button", { name: "Send" }).click();
  const reply = pane.getByTestId("chat-message").filter({ hasText: "Hi Noa, this one is a good deal" });
  await expect(reply.getByText("Admin ✓")).toBeVisible();
  await expect(reply).toHaveAttribute("data-own", "true");

  // The owner sees the admin's answer with its mark, on the other side.
  const ownerPage = await browser.newPage();
  await signedIn(ownerPage, owner.token);
  await ownerPage.goto(`/chats/${bot.chatId}`);
  const answer = conversation(ownerPage)
    .getByTestId("chat-message")
    .filter({ hasText: "Hi Noa, this one is a good deal" });
  await expect(answer.getByText("Admin ✓")).toBeVisible();
  await expect(answer).toHaveAttribute("data-own", "false");
  await ownerPage.close();
});

test("a non-admin is sent away from the admin chats", async ({ page, request }) => {
  const account = await newAccount(request);
  await signedIn(page, account.token);
  await page.goto("/admin/chats");
  await expect(page).not.toHaveURL(/\/admin\/chats/);
});
