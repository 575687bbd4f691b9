import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";

// public/service-worker.js is plain JavaScript the browser runs as it is: here it runs in a bare
// context with a stand-in `self`, and its push and notificationclick handlers are called the way
// the browser calls them. (The browser tests deliver a real push through Chromium; a click on a
// shown notification cannot be made from a test, so its handling is checked here.)

const SOURCE = readFileSync(new URL("../../../public/service-worker.js", import.meta.url), "utf8");
const ORIGIN = "https://dirabot.example";

interface Page {
  url: string;
  focused: boolean;
  visibilityState: string;
  posted: unknown[];
  focus(): Promise<Page>;
  postMessage(m: unknown): void;
}

const page = (path: string, focused = false): Page => {
  const p: Page = {
    url: `${ORIGIN}${path}`,
    focused,
    visibilityState: focused ? "visible" : "hidden",
    posted: [],
    focus: async () => p,
    postMessage: (m) => p.posted.push(m),
  };
  return p;
};

function worker(pages: Page[] = []) {
  const handlers: Record<string, (event: unknown) => void> = {};
  const shown: Array<{ title: string; options: Record<string, unknown> }> = [];
  const opened: string[] = [];
  const self = {
    location: new URL(ORIGIN),
    addEventListener: (name: string, handler: (event: unknown) => void) => {
      handlers[name] = handler;
    },
    skipWaiting: () => Promise.resolve(),
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      },
    },
    clients: {
      claim: () => Promise.resolve(),
      matchAll: async () => pages,
      openWindow: async (url: string) => {
        opened.push(url);
        return null;
      },
    },
  };
  runInNewContext(SOURCE, { self, URL, console });
  const dispatch = async (name: string, event: Record<string, unknown>) => {
    let work: Promise<unknown> = Promise.resolve();
    handlers[name]?.({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  };
  const push = (data: unknown) =>
    dispatch("push", {
      data:
        data === null
          ? null
          : {
              json: () => (typeof data === "string" ? JSON.parse(data) : data),
              text: () => (typeof data === "string" ? data : JSON.stringify(data)),
            },
    });
  const click = (url: unknown) =>
    dispatch("notificationclick", { notification: { data: { url }, close() {} } });
  return { shown, opened, push, click };
}

describe("the service worker's push", () => {
  it("shows the payload's title and body, with the icon, badge, tag and where a click goes", async () => {
    const w = worker([page("/bots")]);
    await w.push({
      title: "New flat",
      body: "₪6,500 · 3 rooms",
      url: "/chats/c1",
      tag: "n-1",
      type: "property_match",
    });
    expect(w.shown).toEqual([
      {
        title: "New flat",
        options: {
          body: "₪6,500 · 3 rooms",
          icon: "/icons/icon-192.png",
          badge: "/icons/badge-96.png",
          data: { url: "/chats/c1", type: "property_match" },
          tag: "n-1",
          renotify: true,
        },
      },
    ]);
  });

  it("tells open pages a push came, so their lists refresh", async () => {
    const open = page("/bots", true);
    const w = worker([open]);
    await w.push({ title: "T", body: "B", tag: "n-2", type: "system" });
    expect(open.posted).toEqual([
      { type: "push-received", title: "T", tag: "n-2", notificationType: "system" },
    ]);
  });

  it("copes with text that is not JSON, no data, and unsafe links and pictures", async () => {
    const w = worker();
    await w.push("plain words");
    await w.push(null);
    await w.push({ title: "x", url: "javascript:alert(1)", image: "http://plain.example/a.jpg" });
    expect(w.shown.map((s) => [s.title, s.options.body, (s.options.data as { url: string }).url])).toEqual([
      ["Dirabot", "plain words", "/notifications"],
      ["Dirabot", "", "/notifications"],
      ["x", "", "/notifications"],
    ]);
    expect(w.shown[2]?.options.image).toBeUndefined();
    await w.push({ title: "m", image: "https://img.example/1.jpg" });
    expect(w.shown[3]?.options.image).toBe("https://img.example/1.jpg");
  });
});

describe("the service worker's notification click", () => {
  it("focuses the app's focused tab and tells it where to go", async () => {
    const background = page("/properties");
    const front = page("/bots", true);
    const w = worker([background, front]);
    await w.click("/chats/c1?message=m1");
    expect(front.posted).toEqual([{ type: "notification-click", url: "/chats/c1?message=m1" }]);
    expect(background.posted).toEqual([]);
    expect(w.opened).toEqual([]);
  });

  it("opens a window when no tab of the app is open, and another site's link in its own", async () => {
    const w = worker([]);
    await w.click("/chats/c1");
    await w.click("https://www.yad2.co.il/item/1");
    await w.click("//evil.example/x");
    expect(w.opened).toEqual(["/chats/c1", "https://www.yad2.co.il/item/1", "/notifications"]);
  });

  it("takes a full link to the app as a path inside it", async () => {
    const tab = page("/bots");
    const w = worker([tab]);
    await w.click(`${ORIGIN}/notifications#x`);
    expect(tab.posted).toEqual([{ type: "notification-click", url: "/notifications#x" }]);
  });
});
