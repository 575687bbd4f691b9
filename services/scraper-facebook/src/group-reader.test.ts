import * as path from "node:path";
import { createLogger } from "@dirabot/platform";
import { tempDir, uniqueId } from "@dirabot/platform/testing";
import { Chromium } from "@dirabot/scraping";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FacebookDouble } from "../test/facebook-double.ts";
import { readCookieFile } from "./cookies.ts";
import { feedContext, postIdOf, type ReadOptions, readGroup } from "./group-reader.ts";

const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const LONG =
  'להשכרה בלב פלורנטין, דירת 3 חדרים משופצת ברחוב וולפסון 12, קומה 2 מתוך 4, 75 מ"ר, מרפסת שמש.\n' +
  "מחיר 5,500 ₪ לחודש כולל ועד בית. כניסה מיידית, ללא תיווך.\nלפרטים: 052-123-4567";

// One Chromium for the whole file: a start costs seconds on two cores.
describe("reading a group feed in Chromium", { timeout: 90_000 }, () => {
  let fb: FacebookDouble;
  let chrome: Chromium;
  let context: BrowserContext;
  const cookieFile = path.join(tempDir(), "cookies.json");

  beforeAll(async () => {
    fb = await FacebookDouble.start({ pageSize: 3 });
    chrome = new Chromium(CHROME, createLogger("silent"));
    await fb.writeCookieFile(cookieFile);
    context = await chrome.context(feedContext, (await readCookieFile(cookieFile, fb.url)).cookies);
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await chrome?.close();
    await fb?.close();
  });

  const read = async (groupId: string, extra: Partial<ReadOptions> = {}) => {
    const page = await context.newPage();
    try {
      return await readGroup(page, {
        baseUrl: fb.url,
        groupId,
        scrolls: 10,
        scrollWaitMs: 1500,
        navigationTimeoutMs: 10_000,
        known: () => false,
        ...extra,
      });
    } finally {
      await page.close();
    }
  };

  it("reads every post newest first: the text behind see more, ids (links filled on hover too), authors, times, photos", async () => {
    const g = uniqueId();
    fb.nameGroup(g, "דירות להשכרה בפלורנטין & יפו");
    const at = new Date("2026-11-20T10:00:00Z");
    const threeHoursAgo = new Date(Date.now() - 3 * 3_600_000);
    const posted = [
      fb.post(g, { text: LONG, author: "נועה לוי", at, images: 2 }),
      ...Array.from({ length: 7 }, (_, i) => fb.post(g, { text: `סאבלט לשבועיים ${i}`, at: threeHoursAgo })),
    ];
    const r = await read(g);
    expect(r.kind).toBe("feed");
    if (r.kind !== "feed") return;
    expect(r.posts.map((p) => p.id)).toEqual(posted.map((p) => p.id).reverse());
    const first = r.posts.at(-1);
    expect(first).toMatchObject({
      text: LONG,
      author: "נועה לוי",
      postedAt: at,
      groupId: g,
      groupName: "דירות להשכרה בפלורנטין & יפו", // the header's link, not the site's own h1
    });
    expect(new Set(r.posts.map((p) => p.groupName))).toEqual(new Set(["דירות להשכרה בפלורנטין & יפו"]));
    expect(first?.images).toEqual(posted[0]?.images);
    // The third shows only "3 שע׳": its time is read from that, to the hour.
    const relative = r.posts[2]?.postedAt?.getTime() ?? 0;
    expect(Math.abs(relative - threeHoursAgo.getTime())).toBeLessThan(60 * 60_000);
  });

  it("reads the group's name from the window title when the header has none, and none when neither names it", async () => {
    const [titled, unnamed] = [uniqueId(), uniqueId()];
    fb.nameGroup(titled, "סאבלטים בתל אביב", false);
    fb.nameGroup(unnamed, null);
    fb.post(titled, { text: "סאבלט לחודש" });
    fb.post(unnamed, { text: "דירה להשכרה" });
    const [a, b] = [await read(titled), await read(unnamed)];
    expect(a.kind === "feed" && a.posts.map((p) => p.groupName)).toEqual(["סאבלטים בתל אביב"]);
    expect(b.kind === "feed" && b.posts.map((p) => p.groupName)).toEqual([undefined]);
  });

  it("stops scrolling at the first post already taken", async () => {
    const g = uniqueId();
    const old = Array.from({ length: 6 }, (_, i) => fb.post(g, { text: `ישן ${i}` }));
    const fresh = fb.post(g, { text: "חדש" });
    const loadsBefore = fb.groupLoads(g);
    const known = new Set(old.map((p) => p.id));
    const r = await read(g, { known: (id) => known.has(id) });
    expect(r.kind === "feed" && r.posts.map((p) => p.id)).toEqual([fresh.id, old[5]?.id, old[4]?.id]);
    expect(fb.groupLoads(g) - loadsBefore).toBe(1); // the first page only: no lazy load was needed
  });

  it("waits for a page of posts still on its way rather than take a slow scroll for the feed's end", async () => {
    const g = uniqueId();
    const posted = Array.from({ length: 5 }, (_, i) => fb.post(g, { text: `דירה ${i}` }));
    fb.slowMore(900); // three scroll waits: the old reader gave up after one
    try {
      const r = await read(g, { scrollWaitMs: 300 });
      expect(r.kind === "feed" && r.posts.map((p) => p.id)).toEqual(posted.map((p) => p.id).reverse());
    } finally {
      fb.slowMore(0);
    }
  });

  it("counts posts it cannot key (no permalink: the markup changed) instead of taking them", async () => {
    const g = uniqueId();
    fb.post(g, { text: "דירה להשכרה", noLink: true });
    fb.post(g, { text: "עוד דירה להשכרה", noLink: true });
    expect(await read(g)).toEqual({ kind: "feed", posts: [], unread: 2 });
  });

  it("tells a login wall, a redirect to /login and a checkpoint apart", async () => {
    const other = await FacebookDouble.start();
    try {
      const page = await context.newPage();
      const opts = { scrolls: 1, scrollWaitMs: 500, navigationTimeoutMs: 10_000, known: () => false };
      const g = uniqueId();
      for (const [answer, reason] of [
        ["wall", "session expired"],
        ["login", "session expired"],
        ["checkpoint", "checkpoint"],
      ] as const) {
        other.expireSessions(answer);
        expect(await readGroup(page, { ...opts, baseUrl: other.url, groupId: g })).toEqual({
          kind: "wall",
          reason,
        });
      }
      await page.close();
    } finally {
      await other.close();
    }
  });

  it("takes post ids from the three permalink shapes", () => {
    expect(postIdOf(["https://www.facebook.com/groups/tlv/posts/123456/?__cft__[0]=x"])).toBe("123456");
    expect(postIdOf(["https://www.facebook.com/groups/101/permalink/778899/"])).toBe("778899");
    expect(postIdOf(["https://www.facebook.com/permalink.php?story_fbid=4455&id=101"])).toBe("4455");
    expect(postIdOf(["https://www.facebook.com/profile.php?id=1000", "/photo/?fbid=1"])).toBeUndefined();
  });
});
