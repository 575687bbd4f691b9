import { expect, type Locator, type Page, test } from "@playwright/test";
import { hebrewAdminToken, newAccount, signedIn } from "./accounts.ts";
import { createBot, updateBot } from "./bots.ts";
import { ingestListing, matchingBot, uniquePrice, waitForAsset } from "./chats.ts";
import { notify } from "./notifications.ts";
import { demoPhoto, newTag, seedFlats } from "./properties.ts";
import { expectNoSideways, SIZES, shotsDir, THEMES } from "./shots.ts";

// Hebrew reads right to left: the whole frame mirrors (navigation, drawers, dialogs' buttons, the
// price slider, icons that point), measured by where things are on the screen; and the same
// measures in English show nothing moved there. The SPA takes the browser's language when the
// account has none, so the browser's locale (and the sign-up's Accept-Language) pick the language.
// Texts are looked for by icon or test id, not by words, so the specs hold whatever the language.

const LANGUAGES = [
  { name: "Hebrew", locale: "he-IL", dir: "rtl" },
  { name: "English", locale: "en-US", dir: "ltr" },
] as const;

const WIDE = { width: 1366, height: 860 };
const PHONE = { width: 390, height: 844 };

const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`${locator} has no box`);
  return b;
};

/** A Blueprint icon's drawing, as the page shows it (mirrored or not). */
const drawingOf = (page: Page, icon: string, within?: Locator) =>
  (within ?? page.locator("body")).locator(`.bp6-icon-${icon} > svg`).first();
const transformOf = (locator: Locator) => locator.evaluate((e) => getComputedStyle(e).transform);

/** The price slider's end labels: where on the screen its lowest and highest prices are written. */
async function sliderEnds(slider: Locator) {
  const labels = await slider.locator(".bp6-slider-axis .bp6-slider-label").evaluateAll((nodes) =>
    nodes.map((n) => {
      const r = n.getBoundingClientRect();
      return { value: Number(n.textContent?.replace(/\D/g, "")), x: r.x + r.width / 2 };
    }),
  );
  const sorted = [...labels].sort((a, b) => a.value - b.value);
  const low = sorted[0];
  const high = sorted.at(-1);
  if (!low || !high || low.value === high.value) throw new Error("the slider shows no end labels");
  return { low, high };
}

for (const { name, locale, dir } of LANGUAGES) {
  const rtl = dir === "rtl";

  test.describe(`in ${name}`, () => {
    test.use({ locale, extraHTTPHeaders: { "Accept-Language": locale } });

    test(`the page reads ${dir}; the side navigation is on the ${rtl ? "right" : "left"} at 1366 px`, async ({
      page,
      request,
    }) => {
      const account = await newAccount(request);
      await signedIn(page, account.token);
      await page.setViewportSize(WIDE);
      await page.goto("/bots");
      await expect(page.locator("html")).toHaveAttribute("dir", dir);
      const nav = await box(page.locator("aside"));
      expect(nav.width).toBe(280);
      if (rtl) expect(nav.x + nav.width).toBeCloseTo(WIDE.width, 0);
      else expect(nav.x).toBe(0);
      // The main column is beside it, on the other side.
      const main = await box(page.locator("main"));
      if (rtl) expect(main.x + main.width).toBeLessThanOrEqual(nav.x + 1);
      else expect(main.x).toBeGreaterThanOrEqual(nav.width - 1);
      // The add button floats at the end of the line.
      const add = await box(page.locator("button:has(.bp6-icon-plus)"));
      if (rtl) expect(add.x).toBeLessThan(WIDE.width / 2);
      else expect(add.x).toBeGreaterThan(WIDE.width / 2);
    });

    test(`the phone's navigation drawer opens from the ${rtl ? "right" : "left"}, nothing scrolls sideways`, async ({
      page,
      request,
    }) => {
      const account = await newAccount(request);
      await signedIn(page, account.token);
      await page.setViewportSize(PHONE);
      for (const path of ["/bots", "/properties", "/chats", "/notifications", "/profile"]) {
        await page.goto(path);
        await expect(page.locator("main")).toBeVisible();
        await page.waitForLoadState("networkidle");
        await expectNoSideways(page);
      }
      await page.goto("/bots");
      await page.locator("button:has(.bp6-icon-menu)").click();
      const drawer = page.locator(".bp6-drawer");
      await expect(drawer).toBeVisible();
      // Measured once it has slid in: its outer edge is on the screen's edge.
      await expect
        .poll(async () => {
          const b = await box(drawer);
          return Math.round(rtl ? PHONE.width - (b.x + b.width) : b.x);
        })
        .toBe(0);
      expect((await box(drawer)).width).toBe(280);
    });

    test(`the wizard's Next is to the ${rtl ? "left" : "right"} of Back, its arrows point that way`, async ({
      page,
      request,
    }) => {
      const account = await newAccount(request);
      await signedIn(page, account.token);
      await page.setViewportSize(WIDE);
      await page.goto("/bots");
      await page.locator("button:has(.bp6-icon-plus)").click();
      const wizard = page.getByRole("dialog");
      const method = wizard.locator("button:has(.bp6-icon-globe-network)");
      await expect(method).toBeVisible();
      // The method's chevron points where the wizard goes: to the end of the line.
      const chevron = drawingOf(page, "chevron-right", method);
      expect(await transformOf(chevron)).toBe(rtl ? "matrix(-1, 0, 0, 1, 0, 0)" : "none");
      const icon = await box(method.locator(".bp6-icon-globe-network"));
      const arrow = await box(method.locator(".bp6-icon-chevron-right"));
      expect(arrow.x < icon.x).toBe(rtl);
      await method.click();

      const back = wizard.locator("button:has(.bp6-icon-arrow-left)");
      const next = wizard.locator('button[type="submit"]');
      await expect(next).toBeVisible();
      const [b, n] = [await box(back), await box(next)];
      if (rtl) expect(n.x + n.width).toBeLessThanOrEqual(b.x);
      else expect(b.x + b.width).toBeLessThanOrEqual(n.x);
      expect(await transformOf(drawingOf(page, "arrow-right", next))).toBe(
        rtl ? "matrix(-1, 0, 0, 1, 0, 0)" : "none",
      );
      // The name field's text starts at the start of the line.
      const field = await box(wizard.locator("#bot-name"));
      const label = await box(wizard.locator('label[for="bot-name"]'));
      if (rtl) expect(label.x + label.width).toBeCloseTo(field.x + field.width, -1);
      else expect(label.x).toBeCloseTo(field.x, -1);
    });

    test(`the price slider's low end is on the ${rtl ? "right" : "left"}, and dragging it sets the minimum`, async ({
      page,
      request,
    }) => {
      const account = await newAccount(request);
      const bot = await createBot(request, account.token, "Slider");
      await updateBot(request, account.token, bot, { priceLimit: [0, 20_000], neighborhoodCodes: [205] });
      await signedIn(page, account.token);
      await page.setViewportSize(WIDE);
      await page.goto("/bots");
      await page.getByTestId("bot-card").click();
      const slider = page.getByRole("dialog").locator(".bp6-slider");
      await expect(slider).toBeVisible();
      // Measured once the dialog has finished zooming in.
      let last = "";
      await expect
        .poll(async () => {
          const now = JSON.stringify(await box(slider));
          const still = now === last;
          last = now;
          return still;
        })
        .toBe(true);
      const { low, high } = await sliderEnds(slider);
      expect(low.value).toBe(0);
      expect(low.x > high.x).toBe(rtl);

      // The handle nearest the low end is the minimum; dragged a quarter of the way in, the
      // minimum becomes about a quarter of the range.
      const handles = slider.locator(".bp6-slider-handle");
      const first = await box(handles.nth(0));
      const second = await box(handles.nth(1));
      const lowIndex = Math.abs(first.x - low.x) < Math.abs(second.x - low.x) ? 0 : 1;
      const lowHandle = lowIndex === 0 ? first : second;
      const from = { x: lowHandle.x + lowHandle.width / 2, y: lowHandle.y + lowHandle.height / 2 };
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x + (high.x - low.x) / 4, from.y, { steps: 8 });
      await page.mouse.up();
      const ends = await sliderEnds(slider);
      expect(ends.low.value).toBe(0);
      // Blueprint's own numbers are mirrored in Hebrew; the price the person set is the same.
      const spoken = await handles.evaluateAll((nodes) =>
        nodes.map((n) => n.getAttribute("aria-valuetext") ?? n.getAttribute("aria-valuenow") ?? ""),
      );
      const prices = spoken.map((s) => Number(s.replace(/\D/g, ""))).sort((a, b) => a - b);
      expect(prices[0]).toBeGreaterThanOrEqual(4000);
      expect(prices[0]).toBeLessThanOrEqual(6000);

      // Up raises the minimum by a step, and Left moves it leftwards: up in Hebrew, down in English.
      const minimum = handles.nth(lowIndex);
      const priceNow = async () =>
        Number(
          (
            (await minimum.getAttribute("aria-valuetext")) ??
            (await minimum.getAttribute("aria-valuenow")) ??
            ""
          ).replace(/\D/g, ""),
        );
      const before = await priceNow();
      await minimum.focus();
      await page.keyboard.press("ArrowUp");
      await expect.poll(priceNow).toBe(before + 100);
      await page.keyboard.press("ArrowLeft");
      await expect.poll(priceNow).toBe(rtl ? before + 200 : before);
    });

    test(`the story drawer opens from the ${rtl ? "left" : "right"} at 1366 px and its photos swipe along the line`, async ({
      page,
      request,
      baseURL,
    }) => {
      const tag = newTag();
      const url = baseURL as string;
      await seedFlats(tag, [{ images: [demoPhoto(url, 1), demoPhoto(url, 2), demoPhoto(url, 3)] }]);
      const account = await newAccount(request);
      await signedIn(page, account.token);
      await page.setViewportSize(WIDE);
      await page.goto(`/properties?searchText=${tag}`);
      const card = page.getByTestId("property-card");
      await expect(card).toHaveCount(1);

      // The gallery's next photo comes from the end of the line.
      const gallery = card.getByTestId("gallery");
      await gallery.hover();
      const next = gallery.locator("button:has(.bp6-icon-chevron-right)");
      await expect(next).toBeVisible();
      const g = await box(gallery);
      const n = await box(next);
      expect(n.x < g.x + g.width / 2).toBe(rtl);
      await next.click();
      await expect(gallery.getByTestId("gallery-strip")).toHaveAttribute(
        "style",
        rtl ? /translateX\(calc\(100% \+ 0px\)\)/ : /translateX\(calc\(-100% \+ 0px\)\)/,
      );
      // The second photo slides into the frame.
      await expect
        .poll(async () => Math.round((await box(gallery.locator("img").nth(1))).x))
        .toBe(Math.round(g.x));

      await card.getByRole("heading", { level: 3 }).click();
      const drawer = page.locator(".bp6-drawer");
      await expect(drawer).toBeVisible();
      await expect
        .poll(async () => {
          const b = await box(drawer);
          return Math.round(rtl ? b.x : WIDE.width - (b.x + b.width));
        })
        .toBe(0);
    });
  });
}

// Every main screen in Hebrew at both widths and in both themes, for a person to look at; each is
// checked for sideways scrolling on the way.
for (const theme of THEMES) {
  for (const [width, height] of SIZES) {
    test(`Hebrew screens at ${width} px in the ${theme} theme (screenshots)`, async ({
      browser,
      request,
      baseURL,
    }) => {
      // Some twenty screens on a machine other suites share.
      test.setTimeout(300_000);
      const context = await browser.newContext({
        locale: "he-IL",
        extraHTTPHeaders: { "Accept-Language": "he-IL" },
      });
      const page = await context.newPage();
      const shot = shotsDir("rtl");
      const url = baseURL as string;

      const account = await newAccount(request, "Dana", { "accept-language": "he-IL" });
      const tag = newTag();
      await seedFlats(
        tag,
        [6200, 7400, 5100, 8800].map((price, i) => ({
          price,
          rooms: 2 + i,
          images: [demoPhoto(url, i + 1), demoPhoto(url, i + 2)],
          merchant: i % 2 === 0,
        })),
      );
      const price = uniquePrice(true);
      const bot = await matchingBot(request, account.token, "פלורנטין 3 חדרים", price);
      await ingestListing(url, price, { street: "ויטל" });
      await waitForAsset(request, account.token, bot.chatId);
      await notify(request, account.token, { title: "דירה חדשה בפלורנטין", body: "3 חדרים, ₪6,200" });

      const signedInAs = async (token: string) => {
        await page.goto("/login");
        await page.evaluate(
          ([t, th]) => {
            window.localStorage.setItem("authToken", t);
            window.localStorage.setItem("theme", th);
          },
          [token, theme] as const,
        );
      };
      const take = async (name: string, ready?: () => Promise<void>) => {
        await ready?.();
        await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
        await page.waitForTimeout(400);
        await expectNoSideways(page);
        await page.screenshot({ path: shot(`${name}-${theme}.png`), fullPage: true });
      };
      const visit = async (path: string, name: string, ready?: () => Promise<void>) => {
        await page.goto(path);
        await expect(page.locator("main")).toBeVisible();
        await take(name, ready);
      };

      // Signed out first: the sign-in and sign-up forms.
      await page.goto("/login");
      await page.evaluate((th) => window.localStorage.setItem("theme", th), theme);
      await page.setViewportSize({ width, height });
      for (const path of ["/login", "/register"]) {
        await page.goto(path);
        await take(`${path.slice(1)}-${width}`, () =>
          expect(page.locator('input[type="email"]')).toBeVisible(),
        );
      }

      await signedInAs(account.token);
      const at = `${width}`;
      await visit("/bots", `bots-${at}`, () => expect(page.getByTestId("bot-card")).toHaveCount(1));
      await page.getByTestId("bot-card").click();
      await take(`bot-settings-${at}`, () =>
        expect(page.getByRole("dialog").locator(".bp6-slider")).toBeVisible(),
      );
      await page.getByRole("dialog").locator("button:has(.bp6-icon-map)").first().click();
      await take(`bot-settings-map-${at}`, () =>
        expect(page.getByTestId("area-map")).toHaveAttribute("data-ready", "true", { timeout: 20_000 }),
      );
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();
      await page.locator("button:has(.bp6-icon-plus)").click();
      await take(`wizard-${at}`, () => expect(page.getByRole("dialog")).toBeVisible());
      await page.getByRole("dialog").locator("button:has(.bp6-icon-globe-network)").click();
      await take(`wizard-name-${at}`, () => expect(page.locator("#bot-name")).toBeVisible());
      await page.keyboard.press("Escape");
      if (width < 1200) {
        await page.locator("button:has(.bp6-icon-menu)").click();
        await take(`nav-drawer-${at}`, () => expect(page.locator(".bp6-drawer")).toBeVisible());
        await page.keyboard.press("Escape");
      }
      await visit(`/properties?searchText=${tag}`, `properties-${at}`, () =>
        expect(page.getByTestId("property-card")).toHaveCount(4),
      );
      await page.getByTestId("property-card").first().getByRole("heading", { level: 3 }).click();
      await take(`story-${at}`, () => expect(page.getByTestId("story-scroll")).toBeVisible());
      await visit(`/properties?view=map&searchText=${tag}`, `map-${at}`, () =>
        expect(page.getByTestId("property-map")).toHaveAttribute("data-ready", "true", { timeout: 30_000 }),
      );
      await visit("/chats", `chats-${at}`);
      await visit(`/chats/${bot.chatId}`, `chat-${at}`);
      await visit("/notifications", `notifications-${at}`);
      // The bell's list and the account menu open under their buttons, inside the screen.
      await page.locator("button:has(.bp6-icon-notifications)").first().click();
      await take(`bell-${at}`, () => expect(page.locator(".bp6-popover-content").first()).toBeVisible());
      await page.keyboard.press("Escape");
      await page.locator("button:has(img)").first().click();
      await take(`account-menu-${at}`, () => expect(page.getByRole("menu")).toBeVisible());
      await page.keyboard.press("Escape");
      await visit("/profile", `profile-${at}`);

      await signedInAs(await hebrewAdminToken(request));
      for (const path of ["/admin/dashboard", "/admin/user", "/admin/telegram", "/admin/bots"]) {
        await visit(path, `${path.slice(1).replace("/", "-")}-${width}`);
      }
      await context.close();
    });
  }
}
