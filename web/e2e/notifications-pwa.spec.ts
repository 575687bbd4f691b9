import { expect, test } from "@playwright/test";
import { workerControls } from "./notifications.ts";

// The installable app: the web app manifest and its icons, and /service-worker.js —
// served as JavaScript, never from a cache, controlling the pages.

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

test("the manifest is linked, valid, and its icons load at their sizes", async ({ page, request }) => {
  await page.goto("/login");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const response = await request.get(href ?? "");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = (await response.json()) as Manifest;
  expect(manifest).toMatchObject({
    name: "Dirabot",
    short_name: "Dirabot",
    start_url: "/",
    display: "standalone",
  });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? "any"}`);
  expect(sizes).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));

  // Each icon decodes to the size the manifest says.
  for (const icon of manifest.icons) {
    const size = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return `${img.naturalWidth}x${img.naturalHeight}`;
    }, icon.src);
    expect(size, icon.src).toBe(icon.sizes);
    expect(icon.type).toBe("image/png");
  }
  const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
  expect((await request.get(apple ?? "")).status()).toBe(200);
});

test("/service-worker.js is JavaScript, not cached, and controls the page", async ({ page, request }) => {
  const response = await request.get("/service-worker.js");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/javascript");
  expect(response.headers()["cache-control"]).toMatch(/no-cache|no-store/);
  await page.goto("/login");
  await workerControls(page);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${new URL(page.url()).origin}/`);
  const script = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  expect(script).toBe(`${new URL(page.url()).origin}/service-worker.js`);
});
