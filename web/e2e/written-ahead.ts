import { expect, type Locator, type Page } from "@playwright/test";
import { SIZES, THEMES } from "./shots.ts";

// What the specs of pages that come drawn before the app's code (the build's /login, the
// gateway's My Bots) share: holding the code back, and hearing what the page complains of.

/** Holds back the app's first script until the returned function is called. */
export function holdTheCode(page: Page): Promise<() => void> {
  return holdBack(page, /\/assets\/index-[\w-]+\.js$/);
}

/** Holds back every built stylesheet until the returned function is called. */
export function holdTheStylesheets(page: Page): Promise<() => void> {
  return holdBack(page, /\/assets\/[\w-]+\.css$/);
}

async function holdBack(page: Page, files: RegExp): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(files, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * How every element of the page's markup sits and looks: its layout box (not moved by an
 * animation's transform) and the computed styles a person sees. Equal before and after the
 * stylesheets arrive: the page painted from its inline rules is the page.
 */
export function looks(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    // Focus is the visitor's, not the stylesheets': the autofocus field is focused once the
    // stylesheets are in, or on a slow box before them, and its ring is left out of either look.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    // Transitions running (the blurred field's ring fading out) are let finish: a moment's value
    // is not a look. Blueprint's last ~0.1–0.3 s; a second at most is waited for.
    await Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a instanceof CSSTransition)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 1_000)),
    ]);
    return [...document.querySelectorAll<HTMLElement>("#root *")]
      .filter((el) => el instanceof HTMLElement)
      .map((el) => {
        const s = getComputedStyle(el);
        const box = [el.offsetLeft, el.offsetTop, el.offsetWidth, el.offsetHeight].join(",");
        const style = [
          s.display,
          s.color,
          s.backgroundColor,
          s.fontSize,
          s.fontWeight,
          s.boxShadow,
          s.borderRadius,
        ];
        return `${el.tagName.toLowerCase()}.${el.className} ${box} ${style.join(" ")}`;
      });
  });
}

/** Every stylesheet the page links has arrived and applies. */
export async function stylesheetsIn(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((l) => l.sheet),
  );
}

/** Each of these icons is drawn in `where` with its paths, at its size. */
export async function iconsDrawn(where: Locator, names: string[]): Promise<void> {
  for (const name of names) {
    const icon = where.locator(`svg[data-icon="${name}"]`).first();
    await expect(icon.locator("path").first()).toBeAttached();
    expect((await icon.boundingBox())?.width, name).toBeGreaterThanOrEqual(12);
  }
}

/** Console errors and warnings, and uncaught errors: a hydration mismatch shows up here. */
export function complaints(page: Page): string[] {
  const said: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") said.push(m.text());
  });
  page.on("pageerror", (e) => said.push(e.message));
  return said;
}

/** How one page drawn ahead is loaded and looked at, for `paintsBeforeTheStylesheets`. */
export interface DrawnAhead {
  path: string;
  /** Waits until the markup is all there (the parser then waits at the stylesheets). */
  allThere(page: Page): Promise<void>;
  /** The app has taken the page over. */
  appStarted(page: Page): Promise<void>;
  /** Where a screenshot by this name goes. */
  shot(name: string): string;
}

/**
 * In both themes and at both sizes: the page, with every stylesheet and the code held back, looks
 * and sits exactly as it does once the stylesheets are in — it painted from its inline rules.
 */
export async function paintsBeforeTheStylesheets(page: Page, drawn: DrawnAhead): Promise<void> {
  for (const theme of THEMES)
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await page.evaluate((t) => window.localStorage.setItem("theme", t), theme);
      const releaseCode = await holdTheCode(page);
      const releaseStyles = await holdTheStylesheets(page);
      await page.goto(drawn.path, { waitUntil: "commit" });
      await drawn.allThere(page);
      const before = await looks(page);
      await page.screenshot({ path: drawn.shot(`before-the-stylesheets-${theme}-${width}.png`) });
      releaseStyles();
      await stylesheetsIn(page);
      // Equal to the page with every stylesheet in: styled before them, and nothing moved.
      await expect.poll(() => looks(page), { timeout: 10_000 }).toEqual(before);
      releaseCode();
      await drawn.appStarted(page);
      await page.unrouteAll({ behavior: "ignoreErrors" });
    }
}
