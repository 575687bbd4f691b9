import { expect, test, type WebSocketRoute } from "@playwright/test";
import { adminToken, newAccount, signedIn } from "./accounts.ts";
import { ingestListing, matchingBot, uniquePrice } from "./chats.ts";

// The socket's life: the dot follows the connection, and after a drop the
// client reconnects and is in its chat rooms again. An admin watching another user's chat gets
// its messages only through that chat's room, so a match arriving after the drop shows it.

test("after the socket drops, the dot says so, and once back the open chat's room still delivers", async ({
  page,
  request,
  baseURL,
}) => {
  const owner = await newAccount(request, "Lior");
  const price = uniquePrice();
  const bot = await matchingBot(request, owner.token, "Lior's search", price);
  await signedIn(page, await adminToken(request));
  // Every websocket of the page goes through here to the real server, so the test can cut it.
  // Socket.IO starts on long-polling and moves to a websocket once its probe succeeds (the
  // client's "5" packet): only then does cutting the websocket drop the connection.
  const upgraded: Array<{ page: WebSocketRoute; server: WebSocketRoute }> = [];
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      if (message === "5") upgraded.push({ page: ws, server });
      server.send(message);
    });
  });

  await page.goto(`/admin/chats/${bot.chatId}`);
  const pane = page.getByRole("region", { name: "Conversation" });
  await expect(pane.getByTestId("chat-title")).toHaveText("Lior's search");
  await expect(pane.getByRole("status", { name: "Connected to chat server" })).toBeVisible();
  await expect.poll(() => upgraded.length).toBeGreaterThan(0);

  for (const ws of upgraded) {
    await ws.server.close();
    await ws.page.close({ code: 1001, reason: "network gone" });
  }
  await expect(pane.getByRole("status", { name: "Disconnected from chat server" })).toBeVisible();
  await expect(pane.getByRole("status", { name: "Connected to chat server" })).toBeVisible();

  await ingestListing(baseURL as string, price);
  await expect(pane.getByTestId("asset-card")).toHaveCount(1, { timeout: 20_000 });
});
