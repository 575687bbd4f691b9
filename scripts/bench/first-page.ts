import type { Browser, BrowserContext, Page } from "playwright";
import { MODULES } from "../product/services.ts";
import { startBrowserProduct } from "./browser-product.ts";
import type { Figure } from "./figures.ts";
import { signIn } from "./listings.ts";
import { tlsFront } from "./tls-front.ts";

/**
 * The first page as a person on a phone gets it: what `/login` costs in JavaScript and CSS as the
 * browser receives them (compressed bytes on the wire), and Largest Contentful Paint of `/login`
 * and of `/bots` (signed in) in Debian's Chromium with the CPU slowed 4× and DevTools' "Slow 4G"
 * (Lighthouse's mobile profile as DevTools applies it: 562.5 ms round trip, 1.47 Mbit/s down,
 * 675 kbit/s up). A fresh context per load: nothing comes from the browser's cache.
 */
const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};
/** Loads per page; the median is reported (one load on a shared machine is noise). */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** The browser's language (`BENCH_LOCALE=he-IL`: the pages as a Hebrew reader gets them). */
const LOCALE = process.env.BENCH_LOCALE;

interface Load {
  lcpMs: number;
  /** When the app took the page drawn ahead over (its code arrived and ran); 0 if none was. */
  startedMs: number;
  js: number;
  css: number;
}

/** Loads one page in a fresh context and reads what it cost from the Performance API. */
async function load(browser: Browser, url: string, ready: string, token?: string): Promise<Load> {
  const context: BrowserContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    ...(LOCALE ? { locale: LOCALE } : {}),
    // The TLS front's certificate is self-signed.
    ignoreHTTPSErrors: url.startsWith("https:"),
  });
  try {
    // A visitor who signed in on this phone within the day has both (web src/lib/authToken.ts):
    // the cookie lets the gateway draw their screen (gateway src/pages.ts).
    if (token) await context.addCookies([{ name: "dirabot_token_v3", value: token, url }]);
    await context.addInitScript({
      content: `${token ? `localStorage.setItem("authToken", ${JSON.stringify(token)});` : ""}
        window.__lcp = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) {
            window.__lcp = e.startTime;
            const el = e.element;
            window.__lcpWhat = el ? el.tagName.toLowerCase() + "." + [...el.classList].join(".") + " " + e.size + "px² " + (el.textContent || "").slice(0, 40) : "";
          }
        }).observe({ type: "largest-contentful-paint", buffered: true });
        // The app takes its mark off a page drawn ahead when it has drawn (web src/main.tsx).
        window.__started = 0;
        new MutationObserver((changes) => {
          for (const c of changes)
            if (c.target.id === "root" && !c.target.hasAttribute(c.attributeName) && !window.__started)
              window.__started = performance.now();
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-drawn", "data-written"] });`,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(url, { waitUntil: "networkidle", timeout: 120_000 });
    // The page itself, not the app's loading card: then the last LCP entry is the page's.
    await page.locator(ready).first().waitFor({ timeout: 120_000 });
    await page.waitForTimeout(1000);
    if (process.env.BENCH_FIRST_PAGE_TIMINGS) console.error(await timeline(page, url));
    return (await page.evaluate(`(() => {
      const sum = (re) => performance.getEntriesByType("resource")
        .filter((e) => re.test(new URL(e.name).pathname))
        .reduce((n, e) => n + e.transferSize, 0);
      return { lcpMs: window.__lcp, startedMs: window.__started, js: sum(/\\.js$/), css: sum(/\\.css$/) };
    })()`)) as Load;
  } finally {
    await context.close();
  }
}

/**
 * Where a load's time went (`BENCH_FIRST_PAGE_TIMINGS=1`): every request's start and end in ms
 * from navigation, and the LCP, in time order.
 */
async function timeline(page: Page, url: string): Promise<string> {
  const rows = (await page.evaluate(`(() => [
    ...performance.getEntriesByType("navigation").map((e) => ["document", 0, e.responseEnd, e.transferSize]),
    ...performance.getEntriesByType("resource").map((e) =>
      [new URL(e.name).pathname, e.startTime, e.responseEnd, e.transferSize]),
    ["LCP: " + window.__lcpWhat, window.__lcp, window.__lcp, 0],
  ])()`)) as [string, number, number, number][];
  rows.sort((a, b) => a[1] - b[1]);
  const line = ([name, start, end, bytes]: [string, number, number, number]) =>
    `${start.toFixed(0).padStart(6)} → ${end.toFixed(0).padStart(6)} ms ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${name}`;
  return [`timeline of ${url}`, ...rows.map(line)].join("\n");
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** Loads `/login` and `/bots` RUNS times each through `base`. */
async function loads(
  browser: Browser,
  base: string,
  token: string,
): Promise<{ logins: Load[]; botsPages: Load[] }> {
  const logins: Load[] = [];
  const botsPages: Load[] = [];
  for (let i = 0; i < RUNS; i++) {
    logins.push(await load(browser, `${base}/login`, 'input[type="password"]'));
    // In Hebrew the heading's words are not the spec's English: the page's heading, whatever it says.
    const botsReady = LOCALE?.startsWith("he") ? "main h1" : "h1:has-text('My Bots')";
    botsPages.push(await load(browser, `${base}/bots`, botsReady, token));
  }
  return { logins, botsPages };
}

export async function benchFirstPage(results: Figure[]): Promise<void> {
  // Every service, as `npm start` runs them (the signed-in shell shows the Telegram link too).
  const { base, browser, stop } = await startBrowserProduct(MODULES);
  const front = await tlsFront(base);
  try {
    const token = await signIn(base);
    const { logins, botsPages } = await loads(browser, base, token);
    const kb = (n: number) => +(n / 1024).toFixed(1);
    const lcp = (xs: Load[]) => Math.round(median(xs.map((l) => l.lcpMs)));
    const started = (xs: Load[]) => Math.round(median(xs.map((l) => l.startedMs)));
    results.push(
      {
        name: "first page: /login JavaScript as received (target ≤ 150)",
        value: kb(median(logins.map((l) => l.js))),
        unit: "KB",
      },
      {
        name: "first page: /login CSS as received (target ≤ 50)",
        value: kb(median(logins.map((l) => l.css))),
        unit: "KB",
      },
      {
        name: "first page: /login LCP, 4× CPU, slow 4G, median (target ≤ 2500)",
        value: lcp(logins),
        unit: "ms",
      },
      {
        name: "first page: /bots (signed in) LCP, 4× CPU, slow 4G, median (target ≤ 2500)",
        value: lcp(botsPages),
        unit: "ms",
      },
      {
        name: "first page: /login, the app takes the written page over at, median",
        value: started(logins),
        unit: "ms",
      },
      {
        name: "first page: /bots, the app takes the drawn page over at, median",
        value: started(botsPages),
        unit: "ms",
      },
      {
        name: "first page: /bots JavaScript as received",
        value: kb(median(botsPages.map((l) => l.js))),
        unit: "KB",
      },
    );
    if (!front) {
      console.error("first page: no openssl here, so no HTTP/2 front: its figures are left out");
      return;
    }
    const h2 = await loads(browser, front.url, token);
    results.push(
      {
        name: "first page, HTTP/2 behind TLS (as the ingress serves): /login LCP (target ≤ 2500)",
        value: lcp(h2.logins),
        unit: "ms",
      },
      {
        name: "first page, HTTP/2 behind TLS (as the ingress serves): /bots LCP (target ≤ 2500)",
        value: lcp(h2.botsPages),
        unit: "ms",
      },
      {
        name: "first page, HTTP/2 behind TLS: /login, the app takes the written page over at",
        value: started(h2.logins),
        unit: "ms",
      },
      {
        name: "first page, HTTP/2 behind TLS: /bots, the app takes the drawn page over at",
        value: started(h2.botsPages),
        unit: "ms",
      },
    );
  } finally {
    await front?.close();
    await stop();
  }
}
