import { expect, type Page, test } from "@playwright/test";
import { newAccount, signedIn } from "./accounts.ts";
import { type Flat, newTag, type Place, seedFlats } from "./properties.ts";

// The property browser's Map View on the real product. The map is a
// canvas, so a spec finds things by place: it opens the map centred on a known point (the address
// holds lat, lon and zoom), then points at pixels worked out from coordinates, and reads what the
// map says there (its tooltip, popup and status line). Each test searches for its own tag, so
// other specs' listings never show on its map.

const WORLD = 20037508.342789244;
/** Metres per pixel at zoom 0 (OpenLayers' default grid: 256 px tiles). */
const RESOLUTION_0 = (2 * WORLD) / 256;

const mercator = (lon: number, lat: number) => [
  (lon * WORLD) / 180,
  (Math.log(Math.tan(((90 + lat) * Math.PI) / 360)) * WORLD) / Math.PI,
];

const canvas = (page: Page) => page.getByTestId("property-map");
const tooltip = (page: Page) => page.getByTestId("map-tooltip");
const status = (page: Page) => page.getByTestId("map-count");
const params = (page: Page) => new URL(page.url()).searchParams;

async function openMap(page: Page, query: Record<string, string | number>) {
  const search = new URLSearchParams({
    view: "map",
    ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
  await page.goto(`/properties?${search}`);
  // The boundary files are large and drawn on a canvas: give a busy machine time.
  await expect(canvas(page)).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
  await expect(canvas(page).locator(".ol-viewport canvas").first()).toBeVisible();
}

/** The page pixel of a coordinate, for the map's centre and zoom as the address has them now. */
async function pixelOf(page: Page, lon: number, lat: number): Promise<{ x: number; y: number }> {
  const p = params(page);
  const [cx, cy] = mercator(Number(p.get("lon") ?? 34.7818), Number(p.get("lat") ?? 32.0853));
  const [x, y] = mercator(lon, lat);
  const resolution = RESOLUTION_0 / 2 ** Number(p.get("zoom") ?? 14);
  const box = await canvas(page).boundingBox();
  if (!box) throw new Error("the map has no box");
  return {
    x: box.x + box.width / 2 + ((x as number) - (cx as number)) / resolution,
    y: box.y + box.height / 2 - ((y as number) - (cy as number)) / resolution,
  };
}

async function centre(page: Page) {
  const box = await canvas(page).boundingBox();
  if (!box) throw new Error("the map has no box");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Points at the marker near `at` that the tooltip names `text`, and answers where it was. A
 * cluster's bubble sits near one of its members rather than at their middle (it keeps clear of
 * the next bubble), so the spec looks around the spot in steps of 8 px.
 */
async function pointAt(page: Page, at: { x: number; y: number }, text: string) {
  const steps = [0, -8, 8, -16, 16, -24, 24];
  for (const dy of steps) {
    for (const dx of steps) {
      const spot = { x: at.x + dx, y: at.y + dy };
      await page.mouse.move(spot.x, spot.y);
      await page.waitForTimeout(40);
      if ((await tooltip(page).isVisible()) && (await tooltip(page).textContent()) === text) return spot;
    }
  }
  await expect(tooltip(page)).toHaveText(text);
  return at;
}

/** The map reports where it settled (replacing the address) after the moves end. */
async function settled(page: Page, check: (p: URLSearchParams) => boolean) {
  await expect.poll(() => check(params(page)), { timeout: 10_000 }).toBe(true);
  await page.waitForTimeout(300);
}

/**
 * Four flats on the corners of a square about 220 m wide in Neve Sha'anan: one cluster at zoom 14
 * (some 25 px apart, within 50), four price pills from zoom 15. seedFlats nudges the i-th flat by
 * (i % 5) · 0.0003° north and (i % 3) · 0.0003° east; the places here take that back off.
 */
const SQUARE = [
  { lat: 32.059, lon: 34.774, price: 6100 },
  { lat: 32.061, lon: 34.774, price: 6200 },
  { lat: 32.059, lon: 34.776, price: 6300 },
  { lat: 32.061, lon: 34.776, price: 6400 },
];
const SQUARE_MIDDLE = { lat: 32.06, lon: 34.775 };

function squareFlats(): Flat[] {
  return SQUARE.map((c, i) => ({
    price: c.price,
    place: { code: 307, lat: c.lat - (i % 5) * 0.0003, lon: c.lon - (i % 3) * 0.0003 } as unknown as Place,
  }));
}

test.beforeEach(async ({ page, request }) => {
  // The boundary files are large and every step waits on a canvas: give a busy machine time.
  test.slow();
  const account = await newAccount(request, "Maya");
  await signedIn(page, account.token);
});

test("the map shows a cluster's count at zoom 14, the listings from 15, and a listing's popup", async ({
  page,
}) => {
  const tag = newTag();
  await seedFlats(tag, squareFlats());
  await openMap(page, { searchText: tag, ...SQUARE_MIDDLE, zoom: 14 });
  await expect(status(page)).toHaveText("4 properties in view");

  // Zoom 14: one bubble, labelled with the sum of its members.
  const bubble = await pointAt(page, await centre(page), "4 listings · click to zoom in");

  // A click zooms in to the cluster's listings, past 15, where each stands alone.
  await page.mouse.click(bubble.x, bubble.y);
  await settled(page, (p) => Number(p.get("zoom")) >= 15);
  for (const flat of SQUARE) {
    const at = await pixelOf(page, flat.lon, flat.lat);
    await page.mouse.move(at.x, at.y);
    await expect(tooltip(page)).toHaveText(`₪${flat.price.toLocaleString("en-US")} / month`);
  }

  // A listing's popup: its price, rooms and place, and its story.
  const last = SQUARE[3] as (typeof SQUARE)[number];
  const at = await pixelOf(page, last.lon, last.lat);
  await page.mouse.click(at.x, at.y);
  const popup = page.getByRole("region", { name: /^Listing/ });
  await expect(popup.getByText("₪6,400")).toBeVisible();
  await expect(popup.getByText("3 rooms")).toBeVisible();
  await expect(popup.getByText(/ויטל/)).toBeVisible();
  await popup.getByRole("button", { name: "View story" }).click();
  await expect.poll(() => params(page).get("story")).toBeTruthy();
});

test("back at zoom 14 after zooming in, the listings gather into their cluster again", async ({ page }) => {
  const tag = newTag();
  await seedFlats(tag, squareFlats());
  await openMap(page, { searchText: tag, ...SQUARE_MIDDLE, zoom: 16 });
  const first = SQUARE[0] as (typeof SQUARE)[number];
  const at = await pixelOf(page, first.lon, first.lat);
  await page.mouse.move(at.x, at.y);
  await expect(tooltip(page)).toHaveText("₪6,100 / month");

  // OpenLayers' zoom buttons: each zooms out one level (a click during the last one's animation
  // would start from where it was, so each is let finish).
  await canvas(page).locator(".ol-zoom-out").click();
  await settled(page, (p) => p.get("zoom") === "15");
  await canvas(page).locator(".ol-zoom-out").click();
  await settled(page, (p) => p.get("zoom") === null);
  await pointAt(page, await centre(page), "4 listings · click to zoom in");
});

test("a click on a neighbourhood filters by it, and a second click clears it", async ({ page }) => {
  // Gani Sarona (code 1462) in the middle; the tag keeps every listing off this map.
  const area = { code: 1462, lat: 32.071, lon: 34.785, name: "Sarona, HaKirya" };
  await openMap(page, { searchText: newTag(), lat: area.lat, lon: area.lon, zoom: 14 });
  await expect(status(page)).toHaveText("No properties in this part of the map");
  const middle = await centre(page);
  await page.mouse.move(middle.x, middle.y);
  await expect(tooltip(page)).toHaveText(area.name);

  const filtered = page.waitForRequest(
    (r) =>
      r.url().includes("/api/assets?") && new URL(r.url()).searchParams.get("neighborhoodCode") === "1462",
  );
  await page.mouse.click(middle.x, middle.y);
  const sent = new URL((await filtered).url()).searchParams;
  expect(sent.get("isMapView")).toBe("true");
  expect(JSON.parse(sent.get("bounds") ?? "null")).toHaveLength(2);
  await expect(page.getByTestId("map-area")).toContainText(area.name);
  expect(params(page).get("neighborhoodCode")).toBe("1462");

  // The unfiltered answer for this view is still fresh from the start: no new request is needed.
  await page.mouse.click(middle.x, middle.y);
  await expect(page.getByTestId("map-area")).toBeHidden();
  expect(params(page).has("neighborhoodCode")).toBe(false);

  // Chosen from the address, the area shows as chosen too.
  await openMap(page, {
    searchText: newTag(),
    lat: area.lat,
    lon: area.lon,
    zoom: 14,
    neighborhoodCode: 1462,
  });
  await expect(page.getByTestId("map-area")).toContainText(area.name);
});

test("an area the product does not cover says so in Hebrew, and a click there filters nothing", async ({
  page,
}) => {
  // Elad has no neighbourhood codes: its outline has none, at either zoom.
  const elad = { lat: 32.05124, lon: 34.95485 };
  for (const zoom of [14, 11]) {
    await openMap(page, { searchText: newTag(), ...elad, zoom });
    const middle = await centre(page);
    await page.mouse.move(middle.x, middle.y);
    await expect(tooltip(page)).toContainText("El'ad");
    await expect(tooltip(page)).toContainText("אין תמיכה באזור זה");
  }
  let filtered = false;
  page.on("request", (r) => {
    if (r.url().includes("neighborhoodCode=")) filtered = true;
  });
  const middle = await centre(page);
  await page.mouse.click(middle.x, middle.y);
  await expect(tooltip(page)).toContainText("אין תמיכה באזור זה");
  await page.waitForTimeout(800);
  expect(filtered).toBe(false);
  expect(params(page).has("neighborhoodCode")).toBe(false);
});

test("the place search flies to the first hit at zoom 16, and says when nothing is found", async ({
  page,
  request,
}) => {
  const double = process.env.E2E_GEOCODER_DOUBLE;
  expect(double, "the geocoder double that scripts/e2e.ts starts").toBeTruthy();
  const query = `Rothschild ${newTag()}`;
  const hit = { lat: 32.0636, lon: 34.7722, name: "שדרות רוטשילד, תל אביב-יפו" };
  const added = await request.post(`${double}/__control/add`, {
    data: { query, hits: [hit, { lat: 31.25, lon: 34.79, name: "somewhere else" }] },
  });
  expect(added.status()).toBe(204);

  await openMap(page, { searchText: newTag() });
  const box = page.getByRole("searchbox", { name: "Find a place on the map" });
  await box.fill(query);
  await box.press("Enter");
  await expect(page.getByTestId("place-note")).toHaveText(hit.name);
  await settled(
    page,
    (p) =>
      Number(p.get("zoom")) === 16 &&
      Math.abs(Number(p.get("lat")) - hit.lat) < 0.0005 &&
      Math.abs(Number(p.get("lon")) - hit.lon) < 0.0005,
  );

  await box.fill(`nowhere ${newTag()}`);
  await box.press("Enter");
  await expect(page.getByTestId("place-note")).toHaveText("No results");
});

test("the map's position is in the address and survives a reload", async ({ page }) => {
  await openMap(page, { searchText: newTag(), lat: 32.08, lon: 34.78, zoom: 15 });
  // A drag moves the map; the address follows, replacing its entry.
  const from = await centre(page);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x - 150, from.y - 80, { steps: 8 });
  await page.mouse.up();
  await settled(page, (p) => p.get("lat") !== "32.08" && p.get("lon") !== "34.78");
  const moved = params(page);
  expect(Number(moved.get("lon"))).toBeGreaterThan(34.78);
  expect(Number(moved.get("lat"))).toBeLessThan(32.08);
  expect(moved.get("zoom")).toBe("15");

  await page.reload();
  await expect(canvas(page)).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
  await page.waitForTimeout(1000);
  for (const key of ["lat", "lon", "zoom", "view"]) expect(params(page).get(key)).toBe(moved.get(key));
});
