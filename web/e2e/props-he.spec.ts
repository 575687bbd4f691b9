import { randomInt, randomUUID } from "node:crypto";
import { createClient } from "@connectrpc/connect";
import { remoteTransport, ServiceTrust } from "@dirabot/platform";
import { ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { signedIn } from "./accounts.ts";
import { demoPhoto, newTag } from "./properties.ts";
import { expectNoSideways, SIZES, shotsDir, showAt, THEMES } from "./shots.ts";

// The property browser in Hebrew: a Hebrew browser and account get the list, the
// filters, the cards, a flat's story and the map right to left, in Hebrew, with mixed Hebrew and
// Latin text in reading order (checked by where the pieces are drawn), and the filter bar works
// from the keyboard. Screenshots at both widths in both themes for people to look at.

test.use({ locale: "he-IL" });

const shot = shotsDir("props-he");
/** Inside Florentin's boundary (neighbourhood 205). */
const FLORENTIN = { lat: 32.0565, lon: 34.77 };
const GROUP = "Tel Aviv rentals";

/** A new account signed up from a Hebrew browser (the server keeps Hebrew for it). */
async function hebrewAccount(request: APIRequestContext): Promise<string> {
  const response = await request.post("/api/auth/register", {
    data: {
      email: `e2e-${randomUUID().slice(0, 8)}@example.com`,
      password: "secret-pass",
      firstname: "נועה",
      lastname: `Tester${randomUUID().slice(0, 4)}`,
    },
    headers: {
      "accept-language": "he-IL",
      "x-forwarded-for": `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`,
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

function listings(source: "yad2" | "facebook") {
  const internal = process.env.E2E_INTERNAL_URL;
  const secret = process.env.E2E_SERVICE_SECRET;
  if (!internal || !secret)
    throw new Error("E2E_INTERNAL_URL and E2E_SERVICE_SECRET name the internal listener");
  const caller = source === "yad2" ? "scraper-yad2" : "scraper-facebook";
  return createClient(ListingsService, remoteTransport(internal, new ServiceTrust(secret), caller));
}

interface Seed {
  source: "yad2" | "facebook";
  externalId: string;
  price: number;
  rooms: number;
  merchant: boolean;
  houseNumber: string;
  phone: string;
  offset: number;
}

const phone = () => `05${2 + randomInt(0, 7)}-${String(randomInt(0, 10_000_000)).padStart(7, "0")}`;

async function ingest(baseURL: string, tag: string, seeds: Seed[]) {
  for (const source of ["yad2", "facebook"] as const) {
    const batch = seeds
      .filter((s) => s.source === source)
      .map((s) => ({
        source,
        externalId: s.externalId,
        lat: FLORENTIN.lat + s.offset * 0.0004,
        lon: FLORENTIN.lon + s.offset * 0.0004,
        street: "ויטל",
        houseNumber: s.houseNumber,
        city: "תל אביב יפו",
        rooms: s.rooms,
        size: 74,
        floor: 0,
        price: s.price,
        merchant: s.merchant,
        phone: s.phone,
        images: [demoPhoto(baseURL, 1 + s.offset), demoPhoto(baseURL, 2 + s.offset)],
        link:
          source === "yad2"
            ? `https://www.yad2.co.il/item/${s.externalId}`
            : `https://www.facebook.com/groups/e2e/posts/${s.externalId}`,
        description: `דירה מוארת ומשופצת, קרובה לשוק. ${tag}`,
        ...(source === "facebook" ? { sourceGroup: GROUP } : {}),
      }));
    if (batch.length) await listings(source).ingest({ listings: batch });
  }
}

/**
 * Three flats: a private 3-room on Yad2 that is also in a Facebook group with an English name and
 * was re-priced (its story has a history and an "also on"), a merchant's 4-room and a 2-room.
 */
async function seed(baseURL: string, tag: string) {
  const storyPhone = phone();
  const yad2 = {
    source: "yad2" as const,
    externalId: `e2e-${randomUUID()}`,
    price: 6800,
    rooms: 3,
    merchant: false,
    houseNumber: "17",
    phone: storyPhone,
    offset: 0,
  };
  await ingest(baseURL, tag, [
    yad2,
    {
      ...yad2,
      externalId: `e2e-${randomUUID()}`,
      price: 9200,
      rooms: 4,
      merchant: true,
      houseNumber: "21",
      phone: phone(),
      offset: 2,
    },
    {
      ...yad2,
      externalId: `e2e-${randomUUID()}`,
      price: 5100,
      rooms: 2,
      houseNumber: "9",
      phone: phone(),
      offset: 4,
    },
  ]);
  await ingest(baseURL, tag, [{ ...yad2, source: "facebook", externalId: `e2e-${randomUUID()}` }]);
  await ingest(baseURL, tag, [{ ...yad2, price: 6400 }]);
}

/** Left and right edges of what `locator` draws. */
async function edges(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not drawn");
  return { left: box.x, right: box.x + box.width };
}

/** `first` reads before `second` right to left: it is drawn wholly to the right of it. */
async function expectRightToLeft(first: Locator, second: Locator) {
  const [a, b] = [await edges(first), await edges(second)];
  expect(a.left).toBeGreaterThanOrEqual(b.right - 1);
}

async function expectMiddlesRightToLeft(first: Locator, second: Locator) {
  const [a, b] = [await edges(first), await edges(second)];
  expect(a.left + a.right).toBeGreaterThan(b.left + b.right);
}

const cards = (page: Page) => page.getByTestId("property-card");
const count = (page: Page) => page.getByTestId("results-count");

test("the list, its filters and a flat's story read right to left in Hebrew", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const tag = newTag();
  await seed(baseURL ?? "", tag);
  await signedIn(page, await hebrewAccount(request));
  await page.goto("/properties");

  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "he");
  await expect(page.getByRole("heading", { name: "דירות", level: 1 })).toBeVisible();
  await expect(page.getByRole("radio", { name: "רשימה" })).toBeChecked();

  // The filter bar by keyboard: the search, then Tab to the rooms and the seller.
  const search = page.getByRole("searchbox", { name: "חיפוש דירות" });
  await search.focus();
  await page.keyboard.type(tag);
  await page.keyboard.press("Enter");
  await expect(count(page)).toHaveText("3 דירות");
  await expect(page.getByRole("list", { name: "סינונים פעילים" })).toContainText(`"${tag}"`);

  const rooms = page.getByRole("combobox", { name: "חדרים" });
  await page.keyboard.press("Tab");
  if (!(await rooms.evaluate((el) => el === document.activeElement))) {
    // The search's clear button comes first when the box has text.
    await expect(page.getByRole("button", { name: "ניקוי החיפוש" })).toBeFocused();
    await page.keyboard.press("Tab");
  }
  // Beside the search, the neighbourhood picker's box, then the rooms.
  await expect(page.getByLabel("חיפוש אזורים")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(rooms).toBeFocused();
  await rooms.press("ArrowDown");
  await rooms.press("ArrowDown");
  await rooms.press("ArrowDown");
  await expect(rooms).toHaveValue("3");
  await expect(count(page)).toHaveText("2 דירות");
  const chips = page.getByRole("list", { name: "סינונים פעילים" });
  await expect(chips.getByText("3 חדרים ומעלה")).toBeVisible();

  // The seller is a radio group: Tab reaches the chosen one, an arrow picks the next.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("radio", { name: "הכל" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: "פרטי" })).toBeChecked();
  await expect(count(page)).toHaveText("דירה אחת");
  await expect(chips.getByText("פרטי")).toBeVisible();

  // A chip's × from the keyboard, then every chip off: 'Clear all'.
  await chips
    .getByRole("listitem")
    .filter({ hasText: "פרטי" })
    .getByRole("button", { name: "הסרת הסינון" })
    .focus();
  await page.keyboard.press("Enter");
  await expect(count(page)).toHaveText("2 דירות");

  await chips.getByRole("button", { name: "ניקוי הכל" }).focus();
  await page.keyboard.press("Enter");
  await expect(count(page)).toHaveText(/דירות$/);
  await search.fill(tag);
  await expect(count(page)).toHaveText("3 דירות");

  // A card: Hebrew words; the price with its shekel, then 'לחודש', right to left; the facts in
  // reading order, each number with its unit.
  const card = cards(page).filter({ hasText: "ויטל 17" });
  await expect(card).toContainText("לחודש");
  await expect(card).toContainText("פרטי");
  await expect(card.getByRole("link", { name: "למודעה" })).toBeVisible();
  const roomsFact = card.getByText("3 חדרים", { exact: true });
  const sizeFact = card.getByText("74 מ״ר", { exact: true });
  const floorFact = card.getByText("קרקע", { exact: true });
  await expectRightToLeft(roomsFact, sizeFact);
  await expectRightToLeft(sizeFact, floorFact);
  await expect(card).toContainText("\u200f6,400\u00a0\u200f₪ לחודש");

  // The photos run right to left: the next one slides in and fills the gallery.
  const gallery = card.getByTestId("gallery");
  await gallery.hover();
  await gallery.getByRole("button", { name: "התמונה הבאה" }).click();
  const second = gallery.getByRole("img", { name: "ויטל 17, פלורנטין, תל אביב יפו (2 מתוך 2)" });
  await expect(second).toBeVisible();
  await expect
    .poll(async () => {
      const [g, img] = [await gallery.boundingBox(), await second.boundingBox()];
      return g && img ? Math.round(Math.abs(g.x - img.x)) : -1;
    })
    .toBeLessThanOrEqual(1);

  // The story from the card's button, by keyboard.
  await card.getByRole("button", { name: "סיפור הדירה" }).focus();
  await page.keyboard.press("Enter");
  const story = page.getByRole("dialog", { name: /ויטל 17/ });
  await expect(story).toBeVisible();
  await expect(story).toContainText("סיפור הדירה");
  await expect(story.getByRole("region", { name: "היסטוריית מחירים" })).toContainText(
    "↓ \u200f400\u00a0\u200f₪ מאז שנראתה לראשונה",
  );
  await expect(story.getByRole("table", { name: "היסטוריית מחירים" })).toContainText("6,800");
  // The chart runs right to left: the first price at the right, the later one to its left. Their
  // marks stand as far apart as the seconds between the prices, so they may touch: their middles.
  const history = story.getByRole("region", { name: "היסטוריית מחירים" });
  await expectMiddlesRightToLeft(
    history.getByRole("button", { name: /^\u200f6,800\s\u200f₪, נראתה לראשונה ב־/ }),
    history.getByRole("button", { name: /^\u200f6,400\s\u200f₪ החל מ־/ }),
  );
  const market = story.getByTestId("story-market");
  await expect(market).toContainText("ימים בשוק");
  await expect(market).toContainText(/פורסמה היום · נראתה לראשונה ב־\d{1,2} ב[א-ת]+/);
  await expect(market).toContainText("עדיין באוויר");
  await expect(story.getByTestId("story-also-on")).toHaveText(`מופיעה גם ב־פייסבוק · ${GROUP}`);

  // The source list: the group's English name after the source's Hebrew one, right to left.
  const facebook = story.getByTestId("story-source").filter({ hasText: GROUP });
  await expectRightToLeft(
    facebook.locator("bdi", { hasText: "פייסבוק" }),
    facebook.locator("bdi", { hasText: GROUP }),
  );
  await expect(facebook.getByRole("link", { name: `פתיחה ב־פייסבוק · ${GROUP}` })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(story).toBeHidden();
});

test("the map speaks Hebrew: its status, place search and a listing's popup", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const tag = newTag();
  await seed(baseURL ?? "", tag);
  await signedIn(page, await hebrewAccount(request));
  await page.goto(`/properties?view=map&searchText=${tag}&lat=${FLORENTIN.lat}&lon=${FLORENTIN.lon}&zoom=17`);
  const canvas = page.getByTestId("property-map");
  await expect(canvas).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByTestId("map-count")).toHaveText(/^\d דירות בתצוגה$/);
  await expect(page.getByRole("searchbox", { name: "חיפוש מקום במפה" })).toHaveAttribute(
    "placeholder",
    "מעבר לרחוב או למקום…",
  );
  // The listing at the centre: its pill, its Hebrew hover, then its popup.
  const box = await canvas.boundingBox();
  if (!box) throw new Error("the map has no box");
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(centre.x, centre.y);
  await expect(page.getByTestId("map-tooltip")).toHaveText("\u200f6,400\u00a0\u200f₪ לחודש");
  await page.mouse.click(centre.x, centre.y);
  const popup = page.getByRole("region", { name: /^מודעה: / });
  await expect(popup.getByText("3 חדרים", { exact: true })).toBeVisible();
  await expect(popup.getByRole("button", { name: "לסיפור הדירה" })).toBeVisible();
  await expect(popup).toContainText("לחודש");

  // The filter panel opens in Hebrew too.
  await page.getByRole("button", { name: "סינון" }).click();
  await expect(page.getByRole("combobox", { name: "חדרים" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "תיווך" })).toBeVisible();
});

test("screenshots of the list, a story and the map in Hebrew", async ({ page, request, baseURL }) => {
  // Twelve pages, four of them maps, on a shared machine.
  test.setTimeout(300_000);
  const tag = newTag();
  await seed(baseURL ?? "", tag);
  await signedIn(page, await hebrewAccount(request));
  await page.goto("/properties");
  for (const size of SIZES) {
    for (const theme of THEMES) {
      const name = `${size[0]}-${theme}`;
      await showAt(page, `/properties?searchText=${tag}`, theme, size);
      await expect(cards(page)).toHaveCount(3);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      await expectNoSideways(page);
      await page.screenshot({ path: shot(`list-${name}.png`), fullPage: true });
      await cards(page).filter({ hasText: "ויטל 17" }).getByRole("button", { name: "סיפור הדירה" }).click();
      await expect(page.getByTestId("story-price-history")).toBeVisible();
      // The drawer's slide has ended.
      await page.waitForTimeout(500);
      await page.screenshot({ path: shot(`story-${name}.png`) });
      await page.keyboard.press("Escape");
      await showAt(
        page,
        `/properties?view=map&searchText=${tag}&lat=${FLORENTIN.lat}&lon=${FLORENTIN.lon}&zoom=16`,
        theme,
        size,
      );
      await expect(page.getByTestId("property-map")).toHaveAttribute("data-ready", "true", {
        timeout: 30_000,
      });
      await expect(page.getByTestId("map-count")).toHaveText(/בתצוגה/);
      await page.screenshot({ path: shot(`map-${name}.png`) });
    }
  }
});
