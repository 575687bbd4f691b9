import * as fs from "node:fs";
import { identity } from "@dirabot/identity";
import { listings } from "@dirabot/listings";
import { pgConfig } from "@dirabot/platform";
import pg from "pg";
import type { Page } from "playwright";
import { startBrowserProduct } from "./browser-product.ts";
import { type Figure, pct } from "./figures.ts";
import { fillListings } from "./fill.ts";
import { signIn } from "./listings.ts";

/**
 * The properties map with 100,000 listings in view, in Debian's Chromium: what each answer
 * carries (points or grid cells, bytes) and how long the main thread is blocked while a person
 * pans and zooms (the Long Tasks API: every task over 50 ms is reported with its duration).
 * The product runs in one process on the embedded PostgreSQL.
 */
const TOTAL = Number(process.env.BENCH_LISTINGS ?? 100_000);

/** The long tasks the page saw since the last call (and forgets them). */
const takeLongTasks = (page: Page) => page.evaluate("window.__longTasks.splice(0)") as Promise<number[]>;

export async function benchMap(results: Figure[]): Promise<void> {
  const { base, databaseUrl, browser, stop } = await startBrowserProduct([identity, listings]);
  try {
    const pool = new pg.Pool({ ...pgConfig(databaseUrl), max: 1 });
    await fillListings(pool, `map${Date.now().toString(36)}`, TOTAL);
    await pool.end();
    const token = await signIn(base);

    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    // Tiles come from the internet, which a bench must not depend on: an empty answer.
    await context.route(/basemaps\.cartocdn\.com/, (r) => r.fulfill({ status: 204, body: "" }));
    // Runs in the page before its own scripts (a string: this file is typed for Node, not the DOM).
    await context.addInitScript({
      content: `localStorage.setItem("authToken", ${JSON.stringify(token)});
        window.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__longTasks.push(e.duration);
        }).observe({ type: "longtask", buffered: true });`,
    });
    const page = await context.newPage();
    const answers: { bytes: number; points: number; ms: number }[] = [];
    page.on("response", async (res) => {
      if (!res.url().includes("/api/assets?") || !res.url().includes("isMapView=true")) return;
      const text = await res.text().catch(() => "");
      const timing = res.request().timing();
      const points = (JSON.parse(text || "{}") as { clusters?: unknown[] }).clusters?.length ?? 0;
      answers.push({ bytes: text.length, points, ms: timing.responseEnd });
    });

    // Zoom 13 over Tel Aviv: every one of the listings is in view.
    await page.goto(`${base}/properties?view=map&lat=32.08&lon=34.79&zoom=13`);
    await page.locator('[data-testid="property-map"][data-ready="true"]').waitFor({ timeout: 60_000 });
    await settle(page, answers);
    const loadTasks = await takeLongTasks(page);

    // A person looking around: drags in four directions, zooms in twice and out again.
    const box = await page.locator('[data-testid="property-map"]').boundingBox();
    if (!box) throw new Error("no map on the page");
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    // BENCH_PROFILE=file.cpuprofile records the main thread's CPU profile of the walk (DevTools opens it).
    const profiling = process.env.BENCH_PROFILE ? await context.newCDPSession(page) : undefined;
    await profiling?.send("Profiler.enable");
    await profiling?.send("Profiler.start");
    const drags = [
      [300, 0],
      [0, 200],
      [-300, 0],
      [0, -200],
      [200, 150],
      [-200, -150],
    ];
    for (const [dx, dy] of drags) {
      await page.mouse.move(centre.x, centre.y);
      await page.mouse.down();
      await page.mouse.move(centre.x + (dx as number), centre.y + (dy as number), { steps: 20 });
      await page.mouse.up();
      await settle(page, answers);
    }
    for (const delta of [-300, -300, 300, 300]) {
      await page.mouse.move(centre.x, centre.y);
      await page.mouse.wheel(0, delta);
      await settle(page, answers);
    }
    const panTasks = await takeLongTasks(page);
    if (profiling) {
      const { profile } = await profiling.send("Profiler.stop");
      fs.writeFileSync(process.env.BENCH_PROFILE as string, JSON.stringify(profile));
    }

    const sizes = answers.map((a) => a.bytes / 1024);
    const points = answers.map((a) => a.points);
    const label = `map, ${TOTAL.toLocaleString("en")} listings in view (Chromium, 1366×768)`;
    results.push(
      { name: `${label}: map answers during the walk`, value: answers.length, unit: "answers" },
      {
        name: `${label}: points or cells per answer, median / max`,
        value: `${pct(points, 50)} / ${Math.max(...points)}`,
        unit: "",
      },
      {
        name: `${label}: answer size, median / max`,
        value: `${pct(sizes, 50).toFixed(0)} / ${Math.max(...sizes).toFixed(0)}`,
        unit: "KiB",
      },
      {
        name: `${label}: answer time in the browser, median / max`,
        value: `${pct(
          answers.map((a) => a.ms),
          50,
        ).toFixed(0)} / ${Math.max(...answers.map((a) => a.ms)).toFixed(0)}`,
        unit: "ms",
      },
      {
        name: `${label}: long tasks while loading the map (count, longest)`,
        value: `${loadTasks.length}, ${Math.max(0, ...loadTasks).toFixed(0)} ms`,
        unit: "",
      },
      {
        name: `${label}: long tasks while panning and zooming (count, longest; over 50 ms is a long task)`,
        value: `${panTasks.length}, ${Math.max(0, ...panTasks).toFixed(0)} ms`,
        unit: "",
      },
    );
  } finally {
    await stop();
  }
}

/** Waits for the map to go quiet: the bounds query fires 500 ms after a move, then renders. */
async function settle(page: Page, answers: unknown[]): Promise<void> {
  const before = answers.length;
  await page.waitForTimeout(700);
  const deadline = Date.now() + 10_000;
  while (answers.length === before && Date.now() < deadline) await page.waitForTimeout(100);
  await page.waitForTimeout(400);
}
