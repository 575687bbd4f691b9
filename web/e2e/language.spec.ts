import { expect, type Page, test } from "@playwright/test";
import { newAccount, signedIn } from "./accounts.ts";
import { SIZES, shotsDir, THEMES } from "./shots.ts";
import { complaints } from "./written-ahead.ts";

const shot = shotsDir("language");

// English and Hebrew: the picker switches at once and is remembered; a visitor's first page comes
// in their language from the server, before any code runs; English stays the spec's words.

const html = (page: Page) =>
  page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

/** The app took the written page over: the Google button has its answer. */
const appStarted = (page: Page, name: string) =>
  expect(page.locator("button", { hasText: name })).not.toHaveClass(/bp6-loading/);

test("a signed-in visitor picks עברית: the app speaks Hebrew at once, and after a reload", async ({
  page,
  request,
}) => {
  const account = await newAccount(request);
  await signedIn(page, account.token);
  await page.goto("/bots");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Bots" })).toBeVisible();
  await page.evaluate(() => Object.assign(window, { samePage: true }));

  const saved = page.waitForRequest((r) => r.method() === "PATCH" && /\/api\/users\//.test(r.url()));
  const picker = page.getByRole("combobox", { name: "Language" });
  await expect(picker).toBeEnabled();
  await expect(picker.locator("option[value=de]")).toBeDisabled();
  await expect(picker.locator("option[value=fr]")).toBeDisabled();
  await picker.selectOption("he");

  await expect.poll(() => html(page)).toEqual({ lang: "he", dir: "rtl" });
  const hebrewNav = page.getByRole("navigation", { name: "ראשי" });
  await expect(hebrewNav.getByRole("link", { name: "בוטים" })).toBeVisible();
  await expect(hebrewNav.getByRole("link", { name: "נכסים" })).toBeVisible();
  await expect(page.getByRole("button", { name: "התנתקות" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "שפה" })).toHaveValue("he");
  expect(await page.evaluate(() => "samePage" in window)).toBe(true);
  expect((await saved).postDataJSON()).toEqual({ locale: "he" });

  await page.reload();
  await expect(
    page.getByRole("navigation", { name: "ראשי" }).getByRole("link", { name: "בוטים" }),
  ).toBeVisible();
  await expect.poll(() => html(page)).toEqual({ lang: "he", dir: "rtl" });
  // The side nav stands at the right in Hebrew.
  const side = await page.getByRole("complementary").boundingBox();
  const main = await page.getByRole("main").boundingBox();
  expect(side && main && side.x > main.x).toBe(true);

  // And back: English is the spec's words again.
  await page.getByRole("combobox", { name: "שפה" }).selectOption("en");
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Bots" }),
  ).toBeVisible();
  await expect.poll(() => html(page)).toEqual({ lang: "en", dir: "ltr" });
});

test.describe("a Hebrew browser", () => {
  test.use({ locale: "he-IL" });

  test("gets /login in Hebrew as the server first sends it, before any code", async ({ request }) => {
    const res = await request.get("/login", { headers: { "accept-language": "he-IL,he;q=0.9" } });
    const page = await res.text();
    expect(page).toMatch(/<html lang="he" dir="rtl">/);
    expect(page).toContain(">התחברות</h1>");
    expect(page).toContain(">שם משתמש<");
    expect(res.headers().vary).toMatch(/Accept-Language/);
  });

  test("gets Hebrew /login, adopted by the app as written, and can switch to English", async ({ page }) => {
    const said = complaints(page);
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "התחברות" })).toBeVisible();
    await appStarted(page, "התחברות עם Google");
    await expect.poll(() => html(page)).toEqual({ lang: "he", dir: "rtl" });
    await expect(page.getByLabel("שם משתמש")).toBeVisible();
    await expect(page.getByRole("link", { name: "להרשמה" })).toBeVisible();
    expect(said.filter((s) => /redrawn|hydrat/i.test(s))).toEqual([]);

    await page.getByRole("combobox", { name: "שפה" }).selectOption("en");
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await expect.poll(() => html(page)).toEqual({ lang: "en", dir: "ltr" });
    // The choice outweighs the browser's language, in the page the server sends too.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    const first = await page.request.get("/login", { headers: { "accept-language": "he-IL" } });
    expect(await first.text()).toContain(">Sign in</h1>");
  });

  test("sees the form's checks in Hebrew", async ({ page }) => {
    await page.goto("/login");
    await appStarted(page, "התחברות עם Google");
    await page.getByRole("button", { name: "התחברות", exact: true }).click();
    await expect(page.getByText("יש להזין כתובת אימייל")).toBeVisible();
    await expect(page.getByText("חובה למלא סיסמה")).toBeVisible();
  });
});

test.describe("an English browser", () => {
  test.use({ locale: "en-US" });

  test("gets the spec's English /login and /register", async ({ page }) => {
    await page.goto("/login");
    await appStarted(page, "Sign in with Google");
    await expect.poll(() => html(page)).toEqual({ lang: "en", dir: "ltr" });
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await expect(page.getByText("Don't have an account?")).toBeVisible();
    await expect(page.getByRole("link", { name: "Get started" })).toBeVisible();
    await expect(page.getByLabel("Username")).toHaveAttribute("placeholder", "you@example.com");
    await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Forgot password?" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Language" })).toHaveValue("en");
    await page.goto("/register");
    await expect(page.getByRole("heading", { name: "Create an account" })).toBeVisible();
    await expect(page.getByLabel("Verify password")).toBeVisible();
    await expect(page.getByRole("button", { name: "Register" })).toBeVisible();
  });
});

test("screenshots of /login and /register in both languages, widths and themes", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/login");
  for (const lang of ["en", "he"] as const) {
    for (const theme of THEMES) {
      for (const [width, height] of SIZES) {
        await page.setViewportSize({ width, height });
        await page.evaluate(
          ({ t, l }) => {
            localStorage.setItem("theme", t);
            localStorage.setItem("lang", l);
            // biome-ignore lint/suspicious/noDocumentCookie: as the app keeps the choice (src/i18n/language.ts).
            document.cookie = `lang=${l}; path=/`;
          },
          { t: theme, l: lang },
        );
        for (const path of ["/login", "/register"]) {
          await page.goto(path);
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          expect((await html(page)).lang).toBe(lang);
          await page.screenshot({ path: shot(`${path.slice(1)}-${lang}-${theme}-${width}.png`) });
        }
      }
    }
  }
});
