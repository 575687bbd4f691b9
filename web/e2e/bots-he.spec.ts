import { randomInt, randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { hebrewAdminToken, signedIn } from "./accounts.ts";
import { createBot, FLORENTIN, listBots, updateBot } from "./bots.ts";
import { expectNoSideways, SIZES, shotsDir, showAt, THEMES } from "./shots.ts";
import { telegramDouble } from "./telegram.ts";

// My Bots, the add-bot and group wizards, Bot Settings, the delete alert and the admins' Telegram
// page in Hebrew: right to left, Hebrew words, users' names kept whole inside Hebrew sentences, and
// the wizard and the settings used by keyboard alone.

test.use({ locale: "he-IL" });

const file = shotsDir("bots-he");
const HE = { "Accept-Language": "he-IL" };

interface Account {
  firstname: string;
  lastname: string;
  token: string;
}

/** A new account as an Israeli browser opens one (Accept-Language: he-IL). */
async function hebrewAccount(request: APIRequestContext): Promise<Account> {
  const account = {
    email: `e2e-he-${randomUUID().slice(0, 8)}@example.com`,
    password: "secret-pass",
    firstname: "Dana",
    lastname: `Tester${randomUUID().slice(0, 4)}`,
  };
  const from = `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  const response = await request.post("/api/auth/register", {
    data: account,
    headers: { ...HE, "x-forwarded-for": from },
  });
  if (response.status() !== 201) throw new Error(`register: ${response.status()} ${await response.text()}`);
  return { ...account, token: ((await response.json()) as { token: string }).token };
}

async function expectHebrewPage(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "he");
}

/** The on-screen box of the first occurrence of `text` among `within`'s own text (not its <bdi>). */
async function textBox(within: Locator, text: string) {
  return within.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at < 0 || node.parentElement?.closest("bdi")) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      const r = range.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top };
    }
    throw new Error(`no text "${wanted}"`);
  }, text);
}

/** Presses Tab until `target` has the focus (at most 40 times). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("never reached by Tab");
}

test("My Bots and the wizard in Hebrew, by keyboard; the bot's name stays whole in the sentence", async ({
  page,
  request,
}) => {
  // Several browsers share the machine with the product: give each step room.
  test.slow();
  const account = await hebrewAccount(request);
  await signedIn(page, account.token);
  await page.goto("/bots");
  await expectHebrewPage(page);
  await expect(page).toHaveTitle(/^בוטים/);
  await expect(page.getByRole("heading", { name: "הבוטים שלי" })).toBeVisible();
  await expect(page.getByText("צפייה, עריכה ושליטה בבוטים שלך")).toBeVisible();
  await expect(page.getByText("לא נמצאו בוטים")).toBeVisible();

  // The add button, the method and the name, all from the keyboard.
  const add = page.getByRole("button", { name: "יצירת בוט חדש" });
  await tabTo(page, add);
  await page.keyboard.press("Enter");
  const wizard = page.getByRole("dialog", { name: "הוספת בוט חדש" });
  await expect(wizard).toBeVisible();
  await expect(wizard.getByText("איך להגדיר את הבוט?")).toBeVisible();
  await tabTo(page, wizard.getByRole("button", { name: /דרך האתר/ }));
  await page.keyboard.press("Enter");
  const name = wizard.getByLabel("שם הבוט");
  await expect(name).toBeFocused();
  const back = wizard.getByRole("button", { name: "חזרה" });
  const next = wizard.getByRole("button", { name: "הבא" });
  await expect(next).toBeDisabled();
  // Right to left, Back comes first: on the right of Next.
  const [backBox, nextBox] = await Promise.all([back.boundingBox(), next.boundingBox()]);
  expect(backBox?.x ?? 0).toBeGreaterThan(nextBox?.x ?? 0);
  await page.screenshot({ path: file("wizard-name.png") });
  await page.keyboard.type("Florentin 3 rooms");
  await expect(next).toBeEnabled();
  await page.keyboard.press("Enter");
  // What to watch: the area search has the focus; Enter picks, Escape closes the list.
  await expect(wizard.getByText("מה לחפש")).toBeVisible();
  await expect(wizard.getByLabel("חיפוש אזורים")).toBeFocused();
  await page.keyboard.type(FLORENTIN);
  await expect(page.getByRole("option", { name: FLORENTIN })).toBeVisible();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Escape");
  await expect(wizard.getByText("· אחד נבחר")).toBeVisible();
  await tabTo(page, wizard.getByRole("button", { name: "יצירת הבוט" }));
  await page.keyboard.press("Enter");

  const ready = wizard.getByRole("heading", { name: "הבוט Florentin 3 rooms מוכן" });
  await expect(ready).toBeVisible();
  // Visual order, right to left: "הבוט", then the English name whole, then "מוכן".
  const bdi = await ready.locator("bdi").boundingBox();
  const [before, after] = await Promise.all([textBox(ready, "הבוט"), textBox(ready, "מוכן")]);
  if (!bdi) throw new Error("no name box");
  expect(before.left).toBeGreaterThanOrEqual(bdi.x + bdi.width - 1);
  expect(after.right).toBeLessThanOrEqual(bdi.x + 1);
  await expect(ready.locator("bdi")).toHaveText("Florentin 3 rooms");
  await tabTo(page, wizard.getByRole("button", { name: "סיום" }));
  await page.keyboard.press("Enter");
  await expect(wizard).toBeHidden();

  const card = page.getByTestId("bot-card");
  await expect(card).toHaveCount(1);
  await expect(card.getByText(`משתמש: ${account.firstname} ${account.lastname}`)).toBeVisible();
  // Made with its area by the wizard: live at once (a bot without areas: bot-cards.spec.ts).
  await expect(card.getByText("פעיל", { exact: true })).toBeVisible();
  await expect(card.getByText("בחרו אזורים כדי להתחיל")).toBeHidden();
  await expect(card.getByText("0 מודעות שנבדקו")).toBeVisible();
  await expect(card.getByText("1 אזור", { exact: true })).toBeVisible();
  await expect(card.locator("time")).toHaveText(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
  // "משתמש:" on the right, the name to its left.
  const user = card.getByText(/^משתמש:/);
  const [label, person] = await Promise.all([textBox(user, "משתמש:"), user.locator("bdi").boundingBox()]);
  expect(label.left).toBeGreaterThanOrEqual((person?.x ?? 0) + (person?.width ?? 0) - 1);
});

test("Bot Settings in Hebrew, by keyboard: the rules in Hebrew, an area found in Hebrew, saved", async ({
  page,
  request,
}) => {
  test.slow();
  const account = await hebrewAccount(request);
  const bot = await createBot(request, account.token, "דירה בפלורנטין");
  await updateBot(request, account.token, bot, { neighborhoodCodes: [205], priceLimit: [5000, 5100] });
  await signedIn(page, account.token);
  await page.goto("/bots");
  await expectHebrewPage(page);
  const card = page.getByTestId("bot-card");
  await expect(card.getByRole("heading", { name: "דירה בפלורנטין" })).toBeVisible();
  await card.focus();
  await page.keyboard.press("Enter");

  const dialog = page.getByRole("dialog", { name: "הגדרות הבוט" });
  await expect(dialog.getByLabel("שם הצ׳אט")).toHaveValue("דירה בפלורנטין");
  await expect(dialog.getByText("פועל")).toBeVisible();
  await expect(dialog.getByText("· אחד נבחר")).toBeVisible();
  const save = dialog.getByRole("button", { name: "שמירת השינויים" });
  await expect(save).toBeEnabled();
  await tabTo(page, dialog.getByRole("button", { name: "ניקוי הבחירה" }));
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("יש לבחור לפחות אזור אחד")).toBeVisible();
  await expect(save).toBeDisabled();
  // Shekels the Hebrew way: the number, then the sign.
  await expect(dialog.getByText(/5,000\s\u200F?₪ – \u200F?5,100\s\u200F?₪/)).toBeVisible();

  // The price: the maximum's handle down one step makes an empty range, up again mends it.
  await dialog.getByLabel("מחיר מקסימלי").focus();
  await page.keyboard.press("ArrowDown");
  await expect(dialog.getByText("יש להגדיר טווח מחירים תקין")).toBeVisible();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(dialog.getByText("יש להגדיר טווח מחירים תקין")).toBeHidden();

  const rooms = dialog.getByLabel("מספר חדרים מינימלי");
  await rooms.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Backspace");
  await expect(dialog.getByText("יש להזין מספר חדרים תקין (1–10)")).toBeVisible();
  await page.keyboard.type("3");

  // A place of several names reads joined, never with the data's raw ";".
  await dialog.getByLabel("חיפוש אזורים").focus();
  await page.keyboard.type("קרית שאול");
  await expect(page.getByRole("option", { name: "נווה גן, קרית שאול" })).toBeVisible();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Backspace");
  // An area found by its Hebrew name and picked with Enter.
  await page.keyboard.type(FLORENTIN);
  await expect(page.getByRole("option", { name: FLORENTIN })).toBeVisible();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Escape");
  await expect(dialog.getByText("· אחד נבחר")).toBeVisible();
  await expect(dialog.getByText("יש לבחור לפחות אזור אחד")).toBeHidden();

  const privateOnly = dialog.getByLabel("מודעות פרטיות בלבד");
  await privateOnly.focus();
  await page.keyboard.press("Space");
  await expect(privateOnly).toBeChecked();
  await dialog.getByRole("checkbox", { name: "ממ״ד" }).focus();
  await page.keyboard.press("Space");
  await expect(dialog.getByRole("checkbox", { name: "ממ״ד" })).toBeChecked();
  await expect(save).toBeEnabled();
  await page.screenshot({ path: file("settings-filled.png") });
  await rooms.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();

  await expect(card.getByText("1 אזור", { exact: true })).toBeVisible();
  const [saved] = await listBots(request, account.token);
  expect(saved).toMatchObject({ neighborhoodCodes: [205], rooms: 3, merchant: false });
  expect(saved?.priceLimit).toEqual([5000, 5200]);
});

test("the delete alert asks in Hebrew with the bot's English name whole", async ({ page, request }) => {
  // Several browsers share the machine with the product: give each step room.
  test.slow();
  const account = await hebrewAccount(request);
  await createBot(request, account.token, "Old search 2");
  await signedIn(page, account.token);
  await page.goto("/bots");
  const card = page.getByTestId("bot-card");
  await card.getByRole("button", { name: "מחיקת הבוט" }).click();
  const alert = page.getByRole("alertdialog");
  const question = alert.getByText(/^למחוק את הבוט/);
  await expect(question).toHaveText('למחוק את הבוט "Old search 2"? אי אפשר לבטל את הפעולה.');
  // The name, digits and all, sits left of "למחוק את הבוט" and right of the question's end.
  const name = await question.locator("bdi").boundingBox();
  const [start, end] = await Promise.all([textBox(question, "למחוק"), textBox(question, "אי אפשר")]);
  if (!name) throw new Error("no name box");
  expect(start.left).toBeGreaterThanOrEqual(name.x + name.width - 1);
  if (end.top === start.top) expect(end.right).toBeLessThanOrEqual(name.x + 1);
  await page.screenshot({ path: file("delete-alert.png") });
  await alert.getByRole("button", { name: "ביטול" }).click();
  await expect(card).toHaveCount(1);
  await card.getByRole("button", { name: "מחיקת הבוט" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "מחיקה" }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByText("לא נמצאו בוטים")).toBeVisible();
});

test("a Telegram group's link asks in Hebrew and adds the bot once confirmed", async ({
  page,
  request,
  baseURL,
}) => {
  // Several browsers share the machine with the product: give each step room.
  test.slow();
  const telegram = telegramDouble(request);
  const group = -1_000_000_000_000 - Math.floor(Math.random() * 1e9);
  await telegram.say(group, "/register", { groupTitle: "דירות בחיפה 2", username: "member" });
  let reply = "";
  await expect
    .poll(async () => {
      reply = (await telegram.sent(group))[0] ?? "";
      return reply;
    })
    .toMatch(/\/bots\?code=[A-Z2-9]{6}/);
  const link = new URL(/(http\S+\/bots\?code=[A-Z2-9]{6})/.exec(reply)?.[1] as string);

  const account = await hebrewAccount(request);
  await signedIn(page, account.token);
  await page
    .context()
    .addCookies([{ name: "dirabot_token_v3", value: account.token, url: baseURL as string }]);
  await page.goto(link.pathname + link.search);
  await expectHebrewPage(page);
  const wizard = page.getByRole("dialog", { name: "הוספת בוט חדש" });
  await expect(wizard.getByText("להוסיף בוט שיפרסם מודעות חדשות בקבוצת הטלגרם הזו?")).toBeVisible();
  await expect(wizard.getByText("דירות בחיפה 2")).toBeVisible();
  await expect(wizard.getByText("אישור הקבוצה")).toBeVisible();
  await page.screenshot({ path: file("group-confirm.png") });
  // The search step at both widths and in both themes: opening the link again spends nothing.
  for (const size of SIZES)
    for (const theme of THEMES) {
      await showAt(page, link.pathname + link.search, theme, size);
      await wizard.getByRole("button", { name: "הבא" }).click();
      await wizard.getByLabel("חיפוש אזורים").fill(FLORENTIN);
      await page.getByRole("option", { name: FLORENTIN }).click();
      await page.keyboard.press("Escape");
      // The list closed (not fading out) before the picture.
      await expect(page.getByRole("option").first()).toBeHidden();
      await expect(wizard.getByTestId("wizard-summary")).toBeVisible();
      await page.screenshot({ path: file(`group-search-${size[0]}-${theme}.png`) });
      await page.screenshot({ path: file(`group-search-${size[0]}-${theme}-full.png`), fullPage: true });
      await expectNoSideways(page);
      await page.keyboard.press("Escape");
      await expect(wizard).toBeHidden();
    }
  await showAt(page, link.pathname + link.search, "light", SIZES[0]);
  await wizard.getByRole("button", { name: "הבא" }).click();
  await expect(wizard.getByText("מה לחפש")).toBeVisible();
  await expect(wizard.getByRole("button", { name: "הוספת הבוט" })).toBeDisabled();
  await wizard.getByLabel("חיפוש אזורים").fill(FLORENTIN);
  await page.getByRole("option", { name: FLORENTIN }).click();
  await page.keyboard.press("Escape");
  await expect(wizard.getByTestId("wizard-summary")).toContainText("מחפש באזור אחד בתל אביב יפו");
  await wizard.getByRole("button", { name: "הוספת הבוט" }).click();
  await expect(wizard.getByRole("heading", { name: "הבוט דירות בחיפה 2 מוכן" })).toBeVisible();
  await expect(
    wizard.getByText("הבוט עוקב אחרי החיפוש שלך ומפרסם כל התאמה חדשה בקבוצת הטלגרם ובצ׳אט שלו."),
  ).toBeVisible();
  await page.screenshot({ path: file("group-done.png") });
  await wizard.getByRole("button", { name: "סיום" }).click();
  const card = page.getByTestId("bot-card");
  await expect(card).toContainText("דירות בחיפה 2");
  await expect(card.getByText("פעיל", { exact: true })).toBeVisible();
  const [bot] = await listBots(request, account.token);
  expect(bot).toMatchObject({ chatId: String(group), isActive: true, neighborhoodCodes: [205] });
});

test("the admins' Telegram page in Hebrew", async ({ page, request }) => {
  test.slow();
  await signedIn(page, await hebrewAdminToken(request));
  await page.goto("/admin/telegram");
  await expectHebrewPage(page);
  await expect(page.getByRole("heading", { name: "טלגרם", exact: true })).toBeVisible();
  await expect(page.getByRole("tab", { name: "הודעה לכולם" })).toBeVisible();
  await expect(page.getByRole("button", { name: "שליחה לכולם" })).toBeDisabled();
  await page.getByRole("textbox", { name: "הודעה" }).fill("x");
  await page.getByRole("textbox", { name: "הודעה" }).fill("");
  await expect(page.getByText("ההודעה לא יכולה להיות ריקה")).toBeVisible();
  await page.getByRole("tab", { name: "הודעה אישית" }).click();
  await page.getByRole("textbox", { name: "הודעה" }).fill("שלום **דנה**, הדירה ב*Vital 4* עדיין פנויה");
  await expect(page.getByRole("region", { name: "תצוגה מקדימה" }).locator("strong")).toHaveText("דנה");
  await page.getByRole("button", { name: "שליחת ההודעה" }).click();
  await expect(page.getByText("יש לכתוב הודעה ולבחור צ׳אט")).toBeVisible();
  await page.getByRole("tab", { name: "היסטוריית הודעות" }).click();
  await expect(page.getByRole("combobox", { name: "סוג" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "צ׳אטים", exact: true })).toBeVisible();

  for (const size of SIZES) {
    for (const theme of THEMES) {
      await showAt(page, "/admin/telegram", theme, size);
      await expect(page.getByRole("tab", { name: "הודעה לכולם" })).toBeVisible();
      await page.screenshot({ path: file(`telegram-${size[0]}-${theme}.png`), fullPage: true });
      await page.getByRole("tab", { name: "היסטוריית הודעות" }).click();
      await expect(page.getByRole("combobox", { name: "סוג" })).toBeVisible();
      await page.screenshot({ path: file(`telegram-history-${size[0]}-${theme}.png`), fullPage: true });
      await expectNoSideways(page);
    }
  }
});

test("screenshots in Hebrew, both widths and themes", async ({ page, request }) => {
  test.slow();
  const account = await hebrewAccount(request);
  const named = await createBot(request, account.token, "פלורנטין 3 חדרים");
  await updateBot(request, account.token, named, { neighborhoodCodes: [205], priceLimit: [4000, 9000] });
  await createBot(request, account.token, "Neve Tzedek under ₪8,000");
  await signedIn(page, account.token);
  await page.goto("/bots");
  for (const size of SIZES) {
    for (const theme of THEMES) {
      const at = `${size[0]}-${theme}`;
      await showAt(page, "/bots", theme, size);
      await expectHebrewPage(page);
      await expect(page.getByTestId("bot-card")).toHaveCount(2);
      await page.screenshot({ path: file(`bots-${at}.png`), fullPage: true });
      await expectNoSideways(page);

      await page.getByTestId("bot-card").filter({ hasText: "פלורנטין 3 חדרים" }).click();
      const dialog = page.getByRole("dialog", { name: "הגדרות הבוט" });
      await expect(dialog.getByText("· אחד נבחר")).toBeVisible();
      await page.screenshot({ path: file(`settings-${at}.png`) });
      await dialog.getByRole("button", { name: "ביטול" }).click();
      await expect(dialog).toBeHidden();

      await page.getByRole("button", { name: "יצירת בוט חדש" }).click();
      const wizard = page.getByRole("dialog", { name: "הוספת בוט חדש" });
      await page.screenshot({ path: file(`wizard-method-${at}.png`) });
      await wizard.getByRole("button", { name: /דרך האתר/ }).click();
      await wizard.getByLabel("שם הבוט").fill("רמת אביב עד 7,000 ₪");
      await page.screenshot({ path: file(`wizard-name-${at}.png`) });
      await page.keyboard.press("Escape");
      await expect(wizard).toBeHidden();
    }
  }
});
