import { vi } from "vitest";

/**
 * For tests of the API client under Node, against a real HTTP server on `port`: fetch sends the
 * app's same-origin paths there, and window (its location and localStorage, kept in `storage`)
 * and document (an empty cookie) are plain stand-ins. Undone by `vi.unstubAllGlobals()`.
 */
export function stubBrowser(port: number, storage: Map<string, string>): void {
  const realFetch = globalThis.fetch;
  vi.stubGlobal("fetch", (path: string, init?: RequestInit) =>
    realFetch(`http://127.0.0.1:${port}${path}`, init),
  );
  vi.stubGlobal("window", {
    location: { protocol: "http:" },
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    },
  });
  vi.stubGlobal("document", { cookie: "" });
}
