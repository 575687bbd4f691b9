import { expect, type Locator, type Page, test } from "@playwright/test";
import { newAccount, signedIn } from "./accounts.ts";
import { ingestListing, matchingBot, uniquePrice, waitForAsset } from "./chats.ts";
import { allowNotifications, fakePushService, notifyTyped } from "./notifications.ts";
import { expectNoSideways, SIZES, shotsDir, showAt, THEMES } from "./shots.ts";

// The chats and notifications screens in Hebrew, as an Israeli browser opens them: right to left,
// Hebrew texts, a bot's mixed Hebrew and Latin summary in the list's preview in the right visual
// order, the composer and the test form by keyboard; screenshots at both widths in both themes.

const shot = shotsDir("chats-he");

// A Hebrew browser (navigator.languages) and accounts made from it (Accept-Language).
test.use({ locale: "he-IL", extraHTTPHeaders: { "Accept-Language": "he-IL" } });

async function expectHebrew(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "he");
}

/**
 * The isolated parts inside an element read from the right, as Hebrew does: each next part left of
 * the one before on its line, or on a line below (a long summary wraps). Answers how many parts.
 */
async function expectReadsFromRight(el: Locator): Promise<number> {
  const boxes = await el
    .locator("bdi")
    .evaluateAll((parts) =>
      parts.map((p) => p.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right, top: r.top })),
    );
  for (let i = 1; i < boxes.length; i++) {
    const [before, part] = [boxes[i - 1], boxes[i]];
    if (!before || !part) continue;
    if (Math.abs(part.top - before.top) < 4) expect(part.right).toBeLessThanOrEqual(before.left + 1);
    else expect(part.top).toBeGreaterThan(before.top);
  }
  return boxes.length;
}

async function hebrewChat(page: Page, request: Parameters<typeof newAccount>[0], baseURL: string) {
  const account = await newAccount(request, "מאיה");
  const price = uniquePrice(true);
  const bot = await matchingBot(request, account.token, "פלורנטין 3 rooms", price);
  await ingestListing(baseURL, price, { street: "ויטל", floor: 0, size: 68 });
  await waitForAsset(request, account.token, bot.chatId);
  await signedIn(page, account.token);
  return { account, bot, price };
}

test("the chats screen in Hebrew: right to left, mixed previews in order, the composer by keyboard", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { bot } = await hebrewChat(page, request, baseURL as string);
  await page.goto("/chats");
  await expectHebrew(page);
  const list = page.getByRole("complementary", { name: "צ'אטים" });
  await expect(list.getByPlaceholder("חיפוש צ'אטים...")).toBeVisible();
  await expect(page.getByText("בחר צ'אט כדי להתחיל")).toBeVisible();

  // The bot's summary "ויטל 12, פלורנטין, תל אביב יפו · 3 rooms · ₪6,400": its parts read from the
  // right (the place first), each whole, not "rooms · ₪6,400 3 · ויטל…".
  const item = list.getByTestId("chat-list-item").filter({ hasText: "פלורנטין 3 rooms" });
  const preview = item.getByTestId("chat-preview");
  await expect(preview).toContainText("ויטל");
  const parts = await preview.locator("bdi").allTextContents();
  expect(parts[0]).toContain("ויטל");
  expect(parts.length).toBeGreaterThanOrEqual(2);
  await expectReadsFromRight(preview);
  // The place starts at the reader's start, the right edge of the row's text.
  const box = await preview.boundingBox();
  const place = await preview.locator("bdi").first().boundingBox();
  expect(Math.abs((box?.x ?? 0) + (box?.width ?? 0) - ((place?.x ?? 0) + (place?.width ?? 0)))).toBeLessThan(
    2,
  );

  await item.click();
  const pane = page.getByRole("region", { name: "שיחה" });
  await expect(pane.getByTestId("chat-title")).toHaveText("פלורנטין 3 rooms");
  await expect(pane.getByRole("status", { name: "מחובר לשרת הצ'אט" })).toBeVisible();
  const card = pane.getByTestId("asset-card").filter({ hasText: "68 מ״ר" }).first();
  await expect(card.getByText("3 חדרים", { exact: true })).toBeVisible();
  await expect(card.getByText("68 מ״ר")).toBeVisible();
  await expect(card.getByText("קומת קרקע")).toBeVisible();
  await expect(card.getByRole("link", { name: "למודעה" })).toBeVisible();

  // Typing and sending with the keyboard alone.
  const input = pane.getByRole("textbox", { name: "הודעה" });
  await expect(input).toHaveAttribute("placeholder", "כתבו הודעה...");
  await input.focus();
  await page.keyboard.type("שלום, הדירה עוד פנויה? 2 rooms");
  await page.keyboard.press("Enter");
  await expect(pane.getByText("שלום, הדירה עוד פנויה? 2 rooms")).toBeVisible();
  await expect(input).toBeFocused();
  await expect(preview).toContainText("שלום, הדירה עוד פנויה?");
  await expect(
    pane.getByTestId("chat-message").last().getByRole("button", { name: "סימון בכוכב" }),
  ).toBeVisible();

  for (const size of SIZES) {
    for (const theme of THEMES) {
      await showAt(page, `/chats/${bot.chatId}`, theme, size);
      await expectHebrew(page);
      await expect(
        page.getByRole("region", { name: "שיחה" }).getByTestId("asset-card").first(),
      ).toBeVisible();
      await expectNoSideways(page);
      await page.screenshot({ path: shot(`chat-${size[0]}-${theme}.png`) });
      if (size[0] < 768) {
        await page.getByRole("button", { name: "חזרה לצ'אטים" }).click();
        await expect(page.getByTestId("chat-preview")).toBeVisible();
        await page.screenshot({ path: shot(`list-${size[0]}-${theme}.png`) });
      }
    }
  }
});

test("the notifications screen in Hebrew: the guide, the bell, the test form by keyboard, the list", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const account = await newAccount(request, "דנה");
  await notifyTyped(request, account.token, {
    type: "property_match",
    title: "New match: פלורנטין 3 rooms",
    body: "ויטל 12, פלורנטין, תל אביב יפו · 3 rooms · ₪6,400",
    url: "/chats",
  });
  await fakePushService(page);
  await allowNotifications(context, baseURL as string);
  await signedIn(page, account.token);
  await page.goto("/notifications");
  await expectHebrew(page);
  await expect(page.getByRole("heading", { name: "התראות", exact: true })).toBeVisible();
  const guide = page.getByRole("region", { name: "הגדרת התראות" });
  await expect(guide.getByRole("heading", { name: "הגדרת התראות" })).toBeVisible();
  await expect(guide.getByRole("button", { name: "הבא" })).toBeVisible();

  // The bell: its count in Hebrew, the row's summary parts from the right.
  await page.getByRole("button", { name: /^התראות, / }).click();
  const popover = page.getByRole("region", { name: "התראות", exact: true });
  await expect(popover.getByText("יש לך התראה אחת שלא נקראה")).toBeVisible();
  const row = popover.getByTestId("notification-row").first();
  await expect(row.getByText("עכשיו")).toBeVisible();
  const body = row.locator("span", { hasText: "ויטל 12" }).last();
  expect(await expectReadsFromRight(body)).toBe(3);
  await page.keyboard.press("Escape");
  // Closing, the popover may give the focus back to the bell: the form is used once it is gone.
  await expect(popover).toBeHidden();
  await page.waitForTimeout(300);

  // The test form, by keyboard: its title field, Tab to the body, Tab past the address, Enter.
  const form = page.getByTestId("test-form");
  await expect(form.getByRole("heading", { name: "שליחת התראת ניסיון" })).toBeVisible();
  await form.getByLabel("כותרת").focus();
  await expect(form.getByLabel("כותרת")).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(form.getByRole("button", { name: "שליחה" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(form.getByRole("alert")).toHaveText("יש למלא כותרת ותוכן");
  await form.getByLabel("כותרת").focus();
  await page.keyboard.type("בדיקה");
  await page.keyboard.press("Tab");
  await page.keyboard.type("דירה חדשה בפלורנטין · 2 rooms");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(form.getByRole("button", { name: "שליחה" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(form.getByRole("status")).toHaveText("ההתראה נשלחה בהצלחה!");

  // The guide to its end, in Hebrew; then the list.
  await guide.getByRole("button", { name: "דילוג" }).click();
  await guide.getByRole("button", { name: "הבא" }).click();
  await guide.getByLabel("התראות פוש במכשיר הזה").click({ force: true });
  await guide.getByRole("button", { name: "הבא" }).click();
  await expect(guide.getByRole("heading", { name: "הגדרת ההתראות הושלמה" })).toBeVisible();
  const list = page.getByRole("region", { name: "רשימת ההתראות" });
  await expect(list.getByRole("heading", { name: "כל ההתראות" })).toBeVisible();
  await expect(list.getByText("2 בסך הכול · 2 שלא נקראו")).toBeVisible();
  await expect(list.getByTestId("notification-row")).toHaveCount(2);

  for (const size of SIZES) {
    for (const theme of THEMES) {
      await showAt(page, "/notifications", theme, size);
      await expectHebrew(page);
      await expect(
        page.getByRole("region", { name: "רשימת ההתראות" }).getByTestId("notification-row"),
      ).toHaveCount(2);
      await expectNoSideways(page);
      await page.screenshot({ path: shot(`notifications-${size[0]}-${theme}.png`), fullPage: true });
      await page.getByRole("button", { name: /^התראות, / }).click();
      await expect(
        page.getByRole("region", { name: "התראות", exact: true }).getByTestId("notification-row"),
      ).toHaveCount(2);
      await page.waitForTimeout(300);
      await page.screenshot({ path: shot(`popover-${size[0]}-${theme}.png`) });
      await page.keyboard.press("Escape");
    }
  }
});
