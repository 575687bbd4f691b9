import { afterEach, describe, expect, it } from "vitest";
import { readDrawn } from "./drawn.ts";

// When the app takes the answers a page the gateway drew carries: only for this browser's session.

const SEED = { user: { _id: "u1", firstname: "Dana" }, bots: [{ _id: "b1", botName: "Florentin" }] };

/** A browser with this storage, these cookies and this seed element in the page. */
function browser(opts: { stored?: string; cookie?: string; seed?: string }): Map<string, string> {
  const storage = new Map<string, string>(opts.stored ? [["authToken", opts.stored]] : []);
  Object.assign(globalThis, {
    window: {
      localStorage: {
        getItem: (k: string) => storage.get(k) ?? null,
        setItem: (k: string, v: string) => storage.set(k, v),
      },
      location: { protocol: "http:" },
    },
    document: {
      cookie: opts.cookie ?? "",
      getElementById: (id: string) =>
        id === "drawn-seed" && opts.seed !== undefined ? { textContent: opts.seed } : null,
    },
  });
  return storage;
}

const drawnRoot = { hasAttribute: (name: string) => name === "data-drawn" } as unknown as Element;
const plainRoot = { hasAttribute: () => false } as unknown as Element;

afterEach(() => {
  Reflect.deleteProperty(globalThis, "window");
  Reflect.deleteProperty(globalThis, "document");
});

describe("readDrawn", () => {
  it("takes the answers when the session cookie's token is the stored one, and renews the cookie", () => {
    browser({ stored: "t1", cookie: "theme=x; dirabot_token_v3=t1", seed: JSON.stringify(SEED) });
    expect(readDrawn(drawnRoot)).toEqual(SEED);
    // The server has just accepted it: another day, as the start-up check gives it.
    expect(document.cookie).toBe("dirabot_token_v3=t1; Max-Age=86400; Path=/; SameSite=Strict");
  });

  it("stores the cookie's token when none is stored, as the start-up check would", () => {
    const storage = browser({ cookie: "dirabot_token_v3=t%2F1", seed: JSON.stringify(SEED) });
    expect(readDrawn(drawnRoot)).toEqual(SEED);
    expect(storage.get("authToken")).toBe("t/1");
  });

  it("leaves them when another session is stored: the page was drawn for the cookie's", () => {
    const storage = browser({ stored: "t2", cookie: "dirabot_token_v3=t1", seed: JSON.stringify(SEED) });
    expect(readDrawn(drawnRoot)).toBeNull();
    expect(storage.get("authToken")).toBe("t2");
  });

  it("finds none on a page the gateway did not draw, or one whose answers are not whole", () => {
    browser({ stored: "t1", cookie: "dirabot_token_v3=t1", seed: JSON.stringify(SEED) });
    expect(readDrawn(plainRoot)).toBeNull();
    for (const seed of [
      undefined,
      "{",
      "null",
      JSON.stringify({ user: SEED.user }),
      JSON.stringify({ bots: [] }),
    ]) {
      browser({ stored: "t1", cookie: "dirabot_token_v3=t1", seed });
      expect(readDrawn(drawnRoot)).toBeNull();
    }
    browser({ stored: "t1", seed: JSON.stringify(SEED) });
    expect(readDrawn(drawnRoot)).toBeNull();
  });
});
