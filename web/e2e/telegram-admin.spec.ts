import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { adminToken, newAccount, signedIn } from "./accounts.ts";
import { telegramDouble } from "./telegram.ts";

// /admin/telegram: the three tabs with their validation, a direct message in Markdown reaching the
// chat (the Bot API double) and the history, and the chat panel showing what a person wrote to
// the bot. Screenshots at 1366 and 390 px, light and dark, for people to look at.

const SHOTS = process.env.E2E_SHOTS ?? "/tmp/shots/telegram";
mkdirSync(SHOTS, { recursive: true });

/** A user who linked Telegram (Profile → Link Telegram, then /start <code> to the bot). */
async function linkedChat(request: APIRequestContext, username: string) {
  const account = await newAccount(request, "Noa");
  const chatId = 700_000_000 + Math.floor(Math.random() * 100_000_000);
  const link = await request.post("/api/users/me/telegram-link", {
    headers: { authorization: `Bearer ${account.token}` },
    data: { password: account.password },
  });
  const { code } = (await link.json()) as { code: string };
  const tg = telegramDouble(request);
  await tg.say(chatId, `/start ${code}`, { username });
  await expect.poll(async () => (await tg.sent(chatId)).join("\n")).toContain("linked");
  return { chatId, tg };
}

async function show(page: Page, theme: "light" | "dark", width: number, height: number) {
  await page.setViewportSize({ width, height });
  await page.evaluate((t) => window.localStorage.setItem("theme", t), theme);
  await page.reload();
  if (theme === "dark") await expect(page.locator("body")).toHaveClass(/\bbp6-dark\b/);
  await expect(page.getByRole("heading", { name: "Telegram", exact: true })).toBeVisible();
}

test("admin messaging: tabs, validation, a direct message in history, the chat panel", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const username = `noa_${Date.now().toString(36)}`;
  const { chatId, tg } = await linkedChat(request, username);
  await tg.say(chatId, "Is the flat on Vital 4 still free?", { username });

  await signedIn(page, await adminToken(request));
  await page.goto("/admin/telegram");
  await expect(page.getByRole("heading", { name: "Telegram", exact: true })).toBeVisible();
  for (const name of ["Broadcast", "Direct Message", "Message History"])
    await expect(page.getByRole("tab", { name })).toBeVisible();

  // Broadcast: Send is disabled while the text is blank, and says why once it was cleared.
  const send = page.getByRole("button", { name: "Send Broadcast" });
  await expect(send).toBeDisabled();
  const text = page.getByRole("textbox", { name: "Message" });
  await text.fill("x");
  await expect(send).toBeEnabled();
  await text.fill("");
  await expect(page.getByText("Message cannot be empty")).toBeVisible();
  await expect(send).toBeDisabled();

  // Direct: both the chat and the text are needed.
  await page.getByRole("tab", { name: "Direct Message" }).click();
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message and chat selection are required")).toBeVisible();
  await page.getByRole("button", { name: "Select a chat" }).click();
  await page.getByRole("combobox", { name: "Search chats" }).fill(username);
  await page.getByRole("option", { name: new RegExp(`@${username}`) }).click();
  const editor = page.getByRole("textbox", { name: "Message" });
  // Markdown Telegram cannot take is refused before sending, where the admin is typing.
  await editor.fill("**Hello");
  await expect(
    page.getByText("Invalid Markdown: Bold opened with ** at line 1, column 1 is not closed"),
  ).toBeVisible();
  await editor.fill("**Hello** from Dirabot: 3.5 rooms on *Vital 4*!");
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.locator("strong")).toHaveText("Hello");
  await expect(preview.locator("em")).toHaveText("Vital 4");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message sent successfully")).toBeVisible();
  await expect.poll(() => tg.sent(chatId)).toContain("*Hello* from Dirabot: 3\\.5 rooms on _Vital 4_\\!");

  // History: the direct message, newest first, sent; the type filter keeps it.
  await page.getByRole("tab", { name: "Message History" }).click();
  const firstRow = page.getByRole("table").locator("tbody tr").first();
  await expect(firstRow).toContainText("Hello from Dirabot: 3.5 rooms on Vital 4!");
  await expect(firstRow).toContainText("sent");
  await expect(firstRow).toContainText(`@${username}`);
  await page.getByRole("combobox", { name: "Type" }).selectOption("received");
  await expect(page.getByRole("table").locator("tbody tr").first()).toContainText(
    "Is the flat on Vital 4 still free?",
  );
  await expect(page.getByRole("combobox", { name: "Rows per page:" })).toHaveValue("10");

  // The chat panel: the person's message and the admin's reply; a new message appears by itself.
  await page.getByRole("button", { name: new RegExp(`@${username}`) }).click();
  const conversation = page.getByTestId("conversation");
  await expect(conversation.getByText("Is the flat on Vital 4 still free?")).toBeVisible();
  await expect(conversation.getByTestId("message-out").last()).toContainText("Hello from Dirabot");
  await tg.say(chatId, "Great, can I see it tomorrow?", { username });
  await expect(conversation.getByText("Great, can I see it tomorrow?")).toBeVisible({ timeout: 15_000 });

  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    for (const theme of ["light", "dark"] as const) {
      await show(page, theme, width, height);
      await page.screenshot({ path: join(SHOTS, `tabs-${width}-${theme}.png`), fullPage: true });
      await page.getByRole("tab", { name: "Direct Message" }).click();
      await page
        .getByRole("textbox", { name: "Message" })
        .fill("**Open house** on *Friday*: [details](https://dirabot.app/x)");
      await page.screenshot({ path: join(SHOTS, `direct-${width}-${theme}.png`), fullPage: true });
      await page.getByRole("tab", { name: "Message History" }).click();
      await expect(page.getByRole("table").locator("tbody tr").first()).toBeVisible();
      await page.screenshot({ path: join(SHOTS, `history-${width}-${theme}.png`), fullPage: true });
      await page.getByRole("button", { name: new RegExp(`@${username}`) }).click();
      await expect(page.getByTestId("conversation").getByText("Great, can I see it tomorrow?")).toBeVisible();
      await page.getByLabel("Telegram chats", { exact: true }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `panel-${width}-${theme}.png`) });
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBeLessThanOrEqual(0);
    }
  }
});

test("a user who is not an admin does not reach /admin/telegram", async ({ page, request }) => {
  const account = await newAccount(request);
  await signedIn(page, account.token);
  await page.goto("/admin/telegram");
  await expect(page).not.toHaveURL(/\/admin\/telegram$/);
  const r = await request.get("/api/telegram", { headers: { authorization: `Bearer ${account.token}` } });
  expect(r.status()).toBe(403);
});
