import type { BrowserContextOptions, Page, Request } from "playwright-core";
import {
  expandSeeMore,
  extractPosts,
  groupName,
  hasLoginForm,
  type PagePost,
  postsMoreThan,
  revealLinks,
  scrollToEnd,
} from "./page-scripts.ts";
import { postedAtFromText } from "./posted-at.ts";

/**
 * A feed's browser context: Israel's locale and clock, a desktop window, and the face of a desktop
 * Chrome of the running version rather than "HeadlessChrome".
 */
export const feedContext = (version: string): BrowserContextOptions => ({
  locale: "he-IL",
  timezoneId: "Asia/Jerusalem",
  viewport: { width: 1280, height: 900 },
  userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version.split(".")[0]}.0.0.0 Safari/537.36`,
});

/** A post read from a group feed. */
export interface RawPost {
  id: string;
  groupId: string;
  text: string;
  author: string;
  postedAt: Date | undefined;
  images: string[];
  /** The group's name as its page shows it (undefined when the page shows none). */
  groupName?: string;
}

/** Why Facebook would not show the feed: the session's cookies are no longer good. */
export type WallReason = "session expired" | "checkpoint";

/** `unread`: posts shown without a permalink to key them by (a change of Facebook's markup shows here). */
export type ReadResult =
  | { kind: "feed"; posts: RawPost[]; unread: number }
  | { kind: "wall"; reason: WallReason };

export interface ReadOptions {
  baseUrl: string;
  groupId: string;
  /** How many times to scroll for more posts at most. */
  scrolls: number;
  /** How long to wait for lazy loading after a scroll before taking the feed as ended. */
  scrollWaitMs: number;
  navigationTimeoutMs: number;
  /** Posts already taken: meeting them at the bottom of the feed ends the read. */
  known(postId: string): boolean | Promise<boolean>;
}

const SEE_MORE = ["ראה עוד", "עוד", "See more", "See More", "Ещё", "Еще"];

// The permalink shapes of a group post: /groups/<g>/posts/<id>, /groups/<g>/permalink/<id>,
// permalink.php?story_fbid=<id>. A comment's link carries the same post id.
const POST_ID = [
  /\/groups\/[^/?#]+\/posts\/(\d+|pfbid\w+)/,
  /\/permalink\/(\d+)/,
  /[?&]story_fbid=(\d+|pfbid\w+)/,
];

export function postIdOf(hrefs: string[]): string | undefined {
  for (const re of POST_ID)
    for (const h of hrefs) {
      const m = re.exec(h);
      if (m?.[1]) return m[1];
    }
  return undefined;
}

export function feedUrl(baseUrl: string, groupId: string): string {
  return `${baseUrl.replace(/\/$/, "")}/groups/${encodeURIComponent(groupId)}/?sorting_setting=CHRONOLOGICAL`;
}

function postedAtOf(p: PagePost, id: string): Date | undefined {
  if (p.utime && /^\d+$/.test(p.utime)) return new Date(Number(p.utime) * 1000);
  const d = p.datetime ? new Date(p.datetime) : undefined;
  if (d && !Number.isNaN(d.getTime())) return d;
  // Today's Facebook shows only "3 שע׳" on the permalink: the first link to the post.
  const permalink = p.links.find(([href]) => postIdOf([href]) === id);
  return permalink ? postedAtFromText(permalink[1]) : undefined;
}

function wallOfUrl(url: string): WallReason | undefined {
  const path = new URL(url).pathname;
  if (path.includes("/checkpoint")) return "checkpoint";
  if (path.startsWith("/login")) return "session expired";
  return undefined;
}

async function wallOf(page: Page): Promise<WallReason | undefined> {
  return wallOfUrl(page.url()) ?? ((await page.evaluate(hasLoginForm)) ? "session expired" : undefined);
}

/**
 * Reads a group's feed newest first: expands every truncated text, reads the posts, scrolls for
 * more until the bottom of what is loaded is a post already taken, the feed ends, or the scroll
 * budget is spent. A login wall or checkpoint ends the read with its reason.
 */
export async function readGroup(page: Page, o: ReadOptions): Promise<ReadResult> {
  await page.goto(feedUrl(o.baseUrl, o.groupId), {
    waitUntil: "domcontentloaded",
    timeout: o.navigationTimeoutMs,
  });
  const redirected = wallOfUrl(page.url());
  if (redirected) return { kind: "wall", reason: redirected };
  // The feed renders after the document loads: wait for a post or a login form (an empty or
  // unavailable group shows neither; it is read as empty).
  await page
    .waitForSelector('[role="article"], input[name="pass"], form#login_form', {
      timeout: Math.min(o.navigationTimeoutMs, 15_000),
    })
    .catch(() => undefined);
  const wall = await wallOf(page);
  if (wall) return { kind: "wall", reason: wall };
  const name = (await page.evaluate(groupName)) ?? undefined;
  const loads = watchLoads(page);
  try {
    return await readFeed(page, o, name, loads);
  } finally {
    loads.stop();
  }
}

async function readFeed(
  page: Page,
  o: ReadOptions,
  name: string | undefined,
  loads: Loads,
): Promise<ReadResult> {
  const posts = new Map<string, RawPost>();
  let unread = 0;
  for (let scroll = 0; ; scroll++) {
    await page.evaluate(expandSeeMore, SEE_MORE);
    await page.evaluate(revealLinks);
    const seen = await page.evaluate(extractPosts);
    let bottom: string | undefined;
    unread = 0;
    for (const p of seen) {
      const id = postIdOf(p.links.map(([href]) => href));
      if (!id) {
        unread++;
        continue;
      }
      bottom = id;
      const before = posts.get(id);
      // Keep the longest text: a post read before its "see more" opened is read again after.
      if (before && before.text.length >= p.text.length) continue;
      posts.set(id, {
        id,
        groupId: o.groupId,
        text: p.text.trim(),
        author: p.author,
        postedAt: postedAtOf(p, id),
        images: p.images,
        groupName: name,
      });
    }
    if ((bottom && (await o.known(bottom))) || scroll >= o.scrolls) break;
    await page.evaluate(scrollToEnd);
    if (!(await morePosts(page, seen.length, o, loads))) {
      const late = await wallOf(page); // the session can end between two loads
      if (late) return { kind: "wall", reason: late };
      break;
    }
  }
  return { kind: "feed", posts: [...posts.values()], unread };
}

/** The page's own fetches in flight: a feed loads its next posts with one. */
interface Loads {
  inFlight(): number;
  /** Resolves once none is in flight, or after `ms`. */
  settled(ms: number): Promise<void>;
  stop(): void;
}

function watchLoads(page: Page): Loads {
  const pending = new Set<Request>();
  let wake = () => {};
  const started = (r: Request) => {
    if (r.resourceType() === "fetch" || r.resourceType() === "xhr") pending.add(r);
  };
  const ended = (r: Request) => {
    if (pending.delete(r) && pending.size === 0) wake();
  };
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  return {
    inFlight: () => pending.size,
    settled: (ms) =>
      new Promise<void>((resolve) => {
        if (pending.size === 0) return resolve();
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      }),
    stop: () => {
      page.off("request", started);
      page.off("requestfinished", ended);
      page.off("requestfailed", ended);
    },
  };
}

/**
 * Whether a scroll brought more posts. Their absence after `scrollWaitMs` ends the feed, unless a
 * load is still on its way (a slow network, a busy machine): then the read waits for it, up to four
 * scroll waits more (a page's long poll never ends: the wait stays bounded), and looks once more,
 * rather than take a slow page for the feed's end.
 */
async function morePosts(page: Page, shown: number, o: ReadOptions, loads: Loads): Promise<boolean> {
  const appeared = (timeout: number) =>
    page
      .waitForFunction(postsMoreThan, shown, { timeout })
      .then(() => true)
      .catch(() => false);
  if (await appeared(o.scrollWaitMs)) return true;
  if (loads.inFlight() === 0) return false;
  await loads.settled(Math.min(o.navigationTimeoutMs, 4 * o.scrollWaitMs));
  return appeared(o.scrollWaitMs);
}
