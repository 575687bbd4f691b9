import { randomInt, randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { hebrewAdminToken, signedIn } from "./accounts.ts";
import { expectNoSideways, SIZES, shotsDir, showAt, THEMES } from "./shots.ts";

// The profile, the admin users table and the admin dashboard in Hebrew, as an Israeli browser
// opens them: right to left, Hebrew texts, Latin names kept whole inside Hebrew sentences, the
// forms used by keyboard; screenshots at both widths in both themes.

test.use({ locale: "he-IL" });
// Four screenshots a test, on a box other runs share.
test.describe.configure({ timeout: 120_000 });

const shot = shotsDir("users-he");

/** A fresh account opened from a Hebrew browser (the server keeps the header's language). */
async function hebrewAccount(request: APIRequestContext, firstname: string) {
  const account = {
    email: `e2e-he-${randomUUID().slice(0, 8)}@example.com`,
    password: "secret-pass",
    firstname,
    lastname: `Tester${randomUUID().slice(0, 4)}`,
  };
  const from = `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  const response = await request.post("/api/auth/register", {
    data: account,
    headers: { "x-forwarded-for": from, "accept-language": "he-IL" },
  });
  expect(response.status()).toBe(201);
  const { token } = (await response.json()) as { token: string };
  return { ...account, token };
}

async function expectHebrewPage(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "he");
}

/** The screen x of where a piece of a paragraph's text starts and ends, by its characters. */
test("the profile in Hebrew: right to left, sessions listed, names saved by keyboard", async ({
  page,
  request,
}) => {
  const account = await hebrewAccount(request, "Dana");
  await signedIn(page, account.token);
  await page.goto("/profile");
  await expectHebrewPage(page);
  await expect(page.getByRole("heading", { name: "פרופיל", level: 1 })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "התראות", exact: true })).toBeVisible();
  await expect(main.getByRole("heading", { name: "מחוברים ומקושרים" })).toBeVisible();
  const sessions = page.getByRole("region", { name: "חיבורים פעילים" });
  await expect(sessions.getByText("המכשיר הזה")).toBeVisible();
  await expect(sessions.getByText(/^התחברות ב־.+ · פעילות אחרונה ב־/)).toBeVisible();
  await expect(page.getByText("שעות שקטות", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "קישור טלגרם" })).toBeVisible();

  // The names form by keyboard alone: type, Tab on, Enter on Save.
  const first = page.getByLabel("שם פרטי");
  await first.focus();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("דנה");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("שם משפחה")).toBeFocused();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("Levi");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "שמירה", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").getByText("נשמר!")).toBeVisible();

  // The quiet hours switch, by keyboard too: on, and its summary in Hebrew.
  await page.getByRole("switch", { name: "שעות שקטות" }).focus();
  await page.keyboard.press("Space");
  await expect(page.getByText(/^התאמות שיימצאו בין 23:00 ל־07:00 \(במהלך הלילה\)/)).toBeVisible();

  for (const theme of THEMES)
    for (const size of SIZES) {
      await showAt(page, "/profile", theme, size);
      await expect(sessions.getByText("המכשיר הזה")).toBeVisible();
      await expectNoSideways(page);
      await page.screenshot({ path: shot(`profile-he-${theme}-${size[0]}.png`), fullPage: true });
    }
});

test("admin users in Hebrew: search, edit by keyboard, a Latin name kept whole in the question", async ({
  page,
  request,
}) => {
  const target = await hebrewAccount(request, "Zohar");
  await signedIn(page, await hebrewAdminToken(request));
  await page.goto("/admin/user");
  await expectHebrewPage(page);
  await expect(page.getByRole("heading", { name: "משתמשים", level: 1 })).toBeVisible();

  const search = page.getByRole("searchbox", { name: "חיפוש משתמש" });
  await search.fill("no-such-user-anywhere");
  await expect(page.getByText("לא נמצא", { exact: true })).toBeVisible();
  await expect(page.getByText(/^אין תוצאות עבור "no-such-user-anywhere"/)).toBeVisible();

  await search.fill(target.email);
  const row = page.getByRole("row", { name: new RegExp(target.email) });
  await expect(row.getByText("פעיל", { exact: true })).toBeVisible();
  await expect(row.getByText("מקומי", { exact: true })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "שם" })).toBeVisible();

  // The edit dialog by keyboard: into the name, on to the end, Enter saves.
  await row.getByRole("button", { name: /^פעולות עבור/ }).click();
  await page.getByRole("menuitem", { name: "עריכה" }).click();
  const dialog = page.getByRole("dialog", { name: "עריכת משתמש" });
  const name = dialog.getByLabel("שם", { exact: true });
  // Each key goes to the name: the closing menu hands focus back to its button a moment later.
  await name.press("End");
  await name.pressSequentially(" כהן");
  await name.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(row.getByText(`Zohar ${target.lastname} כהן`)).toBeVisible();

  for (const theme of THEMES)
    for (const size of SIZES) {
      await showAt(page, "/admin/user", theme, size);
      await expect(page.getByRole("heading", { name: "משתמשים", level: 1 })).toBeVisible();
      await expect(page.getByRole("row")).not.toHaveCount(0);
      await expectNoSideways(page);
      await page.screenshot({ path: shot(`admin-users-he-${theme}-${size[0]}.png`), fullPage: true });
    }

  await page.setViewportSize({ width: 1366, height: 860 });
  await page.getByRole("searchbox", { name: "חיפוש משתמש" }).fill(target.email);
  await row.getByRole("button", { name: /^פעולות עבור/ }).click();
  await page.getByRole("menuitem", { name: "מחיקה" }).click();
  const alert = page.getByRole("alertdialog");
  const question = alert.locator("p").filter({ hasText: "בטוח שרוצים למחוק את" });
  const who = `Zohar ${target.lastname} כהן`;
  await expect(question).toHaveText(`בטוח שרוצים למחוק את ${who}?`);
  // Right to left: the Hebrew question starts at the right, the name (an isolate, its Latin run
  // first) follows to its left, and the question mark closes it at the left. The dialog is narrow,
  // so the name may wrap: each check compares pieces on the same line.
  const boxes = await question.evaluate((p) => {
    const name = p.querySelector("bdi");
    if (!name) throw new Error("the name is not isolated");
    const piece = (wanted: string) => {
      const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent?.indexOf(wanted) ?? -1;
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + wanted.length);
        const r = range.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top };
      }
      throw new Error(`no "${wanted}" in the paragraph`);
    };
    const lines = [...name.getClientRects()].map((r) => ({ left: r.left, right: r.right, top: r.top }));
    return { lead: piece("בטוח שרוצים"), zohar: piece("Zohar"), mark: piece("?"), name: lines };
  });
  const onLineOf = (top: number) => boxes.name.filter((r) => Math.abs(r.top - top) < 4);
  const [nameBesideLead] = onLineOf(boxes.lead.top);
  if (nameBesideLead) expect(boxes.lead.left).toBeGreaterThanOrEqual(nameBesideLead.right - 1);
  else expect(boxes.zohar.top).toBeGreaterThan(boxes.lead.top);
  expect(boxes.zohar.left).toBeLessThanOrEqual(Math.min(...onLineOf(boxes.zohar.top).map((r) => r.left)) + 1);
  const nameBesideMark = onLineOf(boxes.mark.top);
  expect(nameBesideMark.length).toBeGreaterThan(0);
  expect(boxes.mark.right).toBeLessThanOrEqual(Math.min(...nameBesideMark.map((r) => r.left)) + 1);
  await page.screenshot({ path: shot("admin-users-he-delete-1366.png") });
  await alert.getByRole("button", { name: "מחיקה" }).click();
  await expect(page.getByText("לא נמצא", { exact: true })).toBeVisible();
});

test("the admin dashboard in Hebrew: counts, services and source figures", async ({ page, request }) => {
  await signedIn(page, await hebrewAdminToken(request));
  await page.goto("/admin/dashboard");
  await expectHebrewPage(page);
  await expect(page.getByRole("heading", { name: "לוח בקרה", level: 1 })).toBeVisible();
  await expect(page.getByText("סך המשתמשים")).toBeVisible();
  await expect(page.getByRole("heading", { name: "ניטור שירותים" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "נתוני המקורות" })).toBeVisible();
  await expect(page.getByTestId("count-subtitle").first()).toHaveText(/^[\d,]+ חסומים · [\d,]+ חדשים היום$/, {
    timeout: 20_000,
  });
  await expect(page.getByTestId("service-yad2-scraper").getByRole("heading")).toHaveText("הסורק של יד2");
  await expect(page.getByTestId("figures-yad2-cleaner")).toContainText("המנקה לא מביא דירות חדשות");
  for (const theme of THEMES)
    for (const size of SIZES) {
      await showAt(page, "/admin/dashboard", theme, size);
      await expect(page.getByTestId("figures-yad2-scraper")).toBeVisible({ timeout: 20_000 });
      await expectNoSideways(page);
      await page.screenshot({ path: shot(`dashboard-he-${theme}-${size[0]}.png`), fullPage: true });
    }
});
