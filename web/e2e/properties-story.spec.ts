import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { createClient } from "@connectrpc/connect";
import { remoteTransport, ServiceTrust } from "@dirabot/platform";
import { ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import { expect, type Page, test } from "@playwright/test";
import { newAccount, signedIn } from "./accounts.ts";

// A flat's story on the real product: one flat seen on Yad2 and in a
// Facebook group (same phone, rooms and price: the listings service makes one flat of them), then
// re-priced on Yad2, all ingested as the scrapers do on the internal listener. The drawer opens
// from the card's Story button and tells the story: both prices, "also on" the group, days on
// market and still live.

const SHOTS = process.env.E2E_SHOTS ?? "/tmp/shots";
mkdirSync(SHOTS, { recursive: true });

const GROUP = "רק בתל אביב";
/** Inside Florentin's boundary (neighbourhood 205). */
const FLORENTIN = { lat: 32.0565, lon: 34.77 };
/** A word no other test's listing contains: the list is searched for it. */
const newTag = () => `zq${randomUUID().replace(/-/g, "").slice(0, 10)}`;
/** Pictures the product serves itself (outside photo hosts are out of the e2e machine's reach). */
const demoPhoto = (baseURL: string, n: number) => new URL(`/demo/flat-${n}.svg`, baseURL).href;

function listings(source: "yad2" | "facebook") {
  const internal = process.env.E2E_INTERNAL_URL;
  const secret = process.env.E2E_SERVICE_SECRET;
  if (!internal || !secret)
    throw new Error("E2E_INTERNAL_URL and E2E_SERVICE_SECRET name the internal listener");
  const caller = source === "yad2" ? "scraper-yad2" : "scraper-facebook";
  return createClient(ListingsService, remoteTransport(internal, new ServiceTrust(secret), caller));
}

interface StoryFlat {
  tag: string;
  phone: string;
  yad2: { externalId: string; link: string };
  facebook: { externalId: string; link: string };
}

/** One flat as each source describes it; `price` is what that source asks now. */
function listing(baseURL: string, flat: StoryFlat, source: "yad2" | "facebook", price: number) {
  const { externalId, link } = flat[source];
  return {
    source,
    externalId,
    lat: FLORENTIN.lat,
    lon: FLORENTIN.lon,
    street: "ויטל",
    houseNumber: "17",
    city: "תל אביב יפו",
    rooms: 3,
    size: 74,
    floor: 0,
    price,
    merchant: false,
    phone: flat.phone,
    images: [demoPhoto(baseURL, 2), demoPhoto(baseURL, 5), demoPhoto(baseURL, 3)],
    link,
    description:
      source === "yad2"
        ? `דירת 3 חדרים בקומת קרקע עם חצר קטנה, משופצת.\nמזגנים בכל החדרים, מטבח חדש.\nכניסה מיידית. ${flat.tag}`
        : `להשכרה בפלורנטין! 3 חדרים עם חצר, ללא תיווך ${flat.tag}`,
    // The Facebook group a post was read from (the Yad2 listing has none).
    ...(source === "facebook" ? { sourceGroup: GROUP } : {}),
  };
}

/** Seeds the flat on Yad2 at `first`, on Facebook at the same price, then re-prices it on Yad2. */
async function seedStory(baseURL: string, first: number, second: number): Promise<StoryFlat> {
  const id = () => `e2e-${randomUUID()}`;
  const [y, f] = [id(), id()];
  const flat: StoryFlat = {
    tag: newTag(),
    // A phone of this test alone: the phone is what makes the two posts one flat.
    phone: `05${2 + Math.floor(Math.random() * 7)}-${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`,
    yad2: { externalId: y, link: `https://www.yad2.co.il/item/${y}` },
    facebook: { externalId: f, link: `https://www.facebook.com/groups/e2e/posts/${f}` },
  };
  await listings("yad2").ingest({ listings: [listing(baseURL, flat, "yad2", first)] });
  const fb = await listings("facebook").ingest({ listings: [listing(baseURL, flat, "facebook", first)] });
  expect(fb.outcomes[0]?.status).toBe("created");
  const repriced = await listings("yad2").ingest({ listings: [listing(baseURL, flat, "yad2", second)] });
  expect(repriced.outcomes[0]?.priceChanged).toBe(true);
  return flat;
}

const drawer = (page: Page) => page.getByRole("dialog", { name: /^ויטל 17/ });
const shekels = (n: number) => `₪${n.toLocaleString("en-US")}`;

/** Signs in, finds the flat's one card by its tag and opens its story from the card's Story button. */
async function openStory(page: Page, request: Parameters<typeof newAccount>[0], tag: string) {
  const account = await newAccount(request, "Dana");
  await signedIn(page, account.token);
  await page.goto(`/properties?searchText=${tag}`);
  const cards = page.getByTestId("property-card");
  // Two listings, one flat: the list shows it once.
  await expect(page.getByTestId("results-count")).toHaveText("1 property");
  await expect(cards).toHaveCount(1);
  await cards.getByRole("button", { name: "Story" }).click();
  await expect(drawer(page)).toBeVisible();
}

test("the story of a flat seen on Yad2 and Facebook and re-priced: price history, also on, days on market, still live", async ({
  page,
  request,
  baseURL,
}) => {
  const [first, second] = [6200, 5700];
  const flat = await seedStory(baseURL as string, first, second);
  await openStory(page, request, flat.tag);
  const story = drawer(page);

  // The flat: its current price, place, facts and ways out.
  await expect(story.getByTestId("story-price")).toHaveText(`${shekels(second)}/ month`);
  await expect(story.getByText("Also on Facebook · רק בתל אביב")).toBeVisible();
  const facts = story.getByTestId("story-facts");
  await expect(facts).toContainText("Rooms3");
  await expect(facts).toContainText("Size74 m²");
  await expect(facts).toContainText("FloorGround");
  await expect(facts).toContainText("Listed byPrivate");
  const ad = story.getByRole("link", { name: "View Ad" });
  await expect(ad).toHaveAttribute("href", flat.yad2.link);
  await expect(ad).toHaveAttribute("target", "_blank");
  await expect(story.getByRole("link", { name: "Google Maps" })).toHaveAttribute("target", "_blank");

  // Days on market and state: first seen today, still on both sources.
  const market = story.getByTestId("story-market");
  await expect(market).toContainText("0days on market");
  await expect(market).toContainText(/Listed today · first seen \d{1,2} [A-Z][a-z]{2}/);
  await expect(market).toContainText("Still live");

  // Price history: both prices on the chart (each point names its price), the change since.
  const history = story.getByTestId("story-price-history");
  await expect(history.getByText(`↓ ${shekels(first - second)} since first seen`)).toBeVisible();
  await expect(history.getByTestId("story-chart-line")).toHaveCount(1);
  const points = history.getByRole("button", { name: /^₪/ });
  await expect(points).toHaveCount(2);
  await expect(points.nth(0)).toHaveAccessibleName(new RegExp(`^${shekels(first)} first seen `));
  await expect(points.nth(1)).toHaveAccessibleName(new RegExp(`^${shekels(second)} from `));
  const table = history.getByRole("table", { name: "Price history" });
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table).toContainText(shekels(first));
  await expect(table).toContainText(shekels(second));
  // Focus (or hover) shows a point's price and date.
  await points.nth(0).focus();
  await expect(history.getByTestId("story-chart-tip")).toContainText(shekels(first));
  await history.getByTestId("story-chart").hover({ position: { x: 300, y: 100 } });
  await expect(history.getByTestId("story-chart-tip")).toContainText(shekels(second));

  // Where it appeared: both sources with their links, the ad shown marked.
  const sources = story.getByTestId("story-source");
  await expect(sources).toHaveCount(2);
  await expect(sources.filter({ hasText: "Yad2" })).toContainText("This ad");
  await expect(
    sources.filter({ hasText: "Yad2" }).getByRole("link", { name: "Open on Yad2" }),
  ).toHaveAttribute("href", flat.yad2.link);
  const group = sources.filter({ hasText: GROUP });
  await expect(group.getByRole("link", { name: `Open on Facebook · ${GROUP}` })).toHaveAttribute(
    "href",
    flat.facebook.link,
  );
  // Seen today only: one date ('seen 25 Nov'), not first and last.
  await expect(group).toContainText(/\bseen \d{1,2} [A-Z][a-z]{2}$/);

  // The description keeps its lines and its direction.
  await expect(story.getByTestId("story-description").locator("p")).toHaveAttribute("dir", "auto");

  // The address holds the open story; Escape closes it.
  expect(new URL(page.url()).searchParams.get("story")).toMatch(/^[\w-]+$/);
  await page.keyboard.press("Escape");
  await expect(drawer(page)).toBeHidden();
});

test("the story drawer at 1366 and 390 px in both themes (screenshots)", async ({
  page,
  request,
  baseURL,
}) => {
  // Four reloads and eight screenshots: more than one page's worth of time on a busy machine.
  test.setTimeout(90_000);
  const flat = await seedStory(baseURL as string, 7400, 6900);
  await openStory(page, request, flat.tag);
  const story = drawer(page);
  const url = page.url();
  for (const [width, height] of [
    [1366, 860],
    [390, 844],
  ] as const) {
    for (const theme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height });
      await page.evaluate((t) => window.localStorage.setItem("theme", t), theme);
      await page.goto(url);
      await expect(story.getByTestId("story-price-history").locator("svg")).toBeVisible();
      if (theme === "dark") await expect(page.locator("body")).toHaveClass(/\bbp6-dark\b/);
      // A phone gets the sheet from the bottom, full width. Measured while it may still slide in:
      // the transform leaves the width a float's rounding off (480.00006), so to 2 decimals.
      const box = await page.locator(".bp6-drawer").boundingBox();
      expect(box?.width).toBeCloseTo(width === 390 ? 390 : 480, 2);
      // Photos and icons have arrived, and the slide-in has ended.
      await expect(story.getByTestId("gallery").locator("img").first()).toBeVisible();
      await page.waitForTimeout(400);
      await page.screenshot({ path: join(SHOTS, `story-${width}-${theme}.png`) });
      await story.getByTestId("story-scroll").evaluate((e) => e.scrollTo(0, e.scrollHeight));
      await page.waitForTimeout(200);
      await page.screenshot({ path: join(SHOTS, `story-${width}-${theme}-end.png`) });
    }
  }
});

test("an unknown flat's story says so", async ({ page, request }) => {
  const account = await newAccount(request, "Dana");
  await signedIn(page, account.token);
  await page.goto(`/properties?story=${randomUUID()}`);
  await expect(page.getByRole("dialog").getByRole("heading", { name: "Asset not found" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
});
