// Writes the web app manifest's icons (web/public/icons/*.png) from the favicon's drawing: the app
// icon at 192 and 512 px, a maskable 512 px one (full-bleed background, the mark inside the 80 %
// safe circle Android crops to), Apple's 180 px touch icon (opaque, iOS rounds it), and the 96 px
// badge Android shows in the status bar (white on transparent, alpha only).
// Rendered by Chromium (Playwright, the system's browser at CHROME_PATH), since the browsers
// themselves are what will draw them. The PNGs are committed; run again after changing
// public/favicon.svg: `node web/scripts/pwa-icons.ts`.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright";

const publicDir = join(dirname(fileURLToPath(import.meta.url)), "..", "public");
const favicon = readFileSync(join(publicDir, "favicon.svg"), "utf8");
const BLUE = "#2d72d2";

// The favicon's mark without its rounded tile (64-unit grid, as in favicon.svg).
const MARK = `
  <path d="M32 12 10 30.5h6.5V51h31V30.5H54Z" fill="#fff"/>
  <rect x="22" y="31" width="20" height="13" rx="5" fill="${BLUE}"/>
  <circle cx="27.5" cy="37.5" r="2.6" fill="#fff"/>
  <circle cx="36.5" cy="37.5" r="2.6" fill="#fff"/>
  <path d="M32 12v-4" stroke="#fff" stroke-width="3" stroke-linecap="round"/>
  <circle cx="32" cy="7" r="3" fill="#fff"/>`;

// The mark spans y 4 to 51 (antenna ball to floor): 27.5 is its middle, moved to the tile's.
const CENTRE = "translate(-32 -27.5)";

/** The mark on a full square of blue, scaled about its middle (1 = as in the favicon). */
const fullBleed = (scale: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BLUE}"/>` +
  `<g transform="translate(32 32) scale(${scale}) ${CENTRE}">${MARK}</g></svg>`;

// The badge: the house and antenna in white, the visor cut out, the eyes white again.
const BADGE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <defs><mask id="m"><rect width="64" height="64" fill="#fff"/><rect x="22" y="31" width="20" height="13" rx="5" fill="#000"/></mask></defs>
  <g transform="translate(32 32) scale(1.25) ${CENTRE}">
    <path d="M32 12 10 30.5h6.5V51h31V30.5H54Z" fill="#fff" mask="url(#m)"/>
    <circle cx="27.5" cy="37.5" r="2.6" fill="#fff"/>
    <circle cx="36.5" cy="37.5" r="2.6" fill="#fff"/>
    <path d="M32 12v-4" stroke="#fff" stroke-width="3" stroke-linecap="round"/>
    <circle cx="32" cy="7" r="3" fill="#fff"/>
  </g></svg>`;

const ICONS: { file: string; size: number; svg: string }[] = [
  { file: "icon-192.png", size: 192, svg: favicon },
  { file: "icon-512.png", size: 512, svg: favicon },
  // The safe zone is a circle of 80 % of the width; the mark (73 % tall) at 0.84 fits inside it.
  { file: "maskable-512.png", size: 512, svg: fullBleed(0.84) },
  { file: "apple-touch-icon-180.png", size: 180, svg: fullBleed(1) },
  { file: "badge-96.png", size: 96, svg: BADGE },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    const sized = icon.svg.replace("<svg ", `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`,
    );
    await page.locator("svg").screenshot({ path: join(publicDir, "icons", icon.file), omitBackground: true });
    console.log(`wrote icons/${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
