import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { QueryClient } from "@tanstack/react-query";
import { afterAll, beforeAll, beforeEach, vi } from "vitest";

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

/**
 * A test file's browser against `server`: started and stubbed before its tests, `storage` and the
 * server's recorded `calls` emptied before each, all undone after them.
 */
export function browserAgainst(server: Server, storage: Map<string, string>, calls: unknown[]): void {
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    stubBrowser((server.address() as AddressInfo).port, storage);
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => {
    storage.clear();
    calls.length = 0;
  });
}

/** Resolves once the client has no query in flight. */
export function settle(client: QueryClient): Promise<void> {
  return new Promise<void>((resolve) => {
    const check = () => (client.isFetching() ? setTimeout(check, 5) : resolve());
    setTimeout(check, 5);
  });
}
