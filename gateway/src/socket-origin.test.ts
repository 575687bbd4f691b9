import { io } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthApi } from "../test/auth-harness.ts";
import { COOKIE } from "./auth/session.ts";

type Api = Awaited<ReturnType<typeof startAuthApi>>;

/**
 * The websocket rides the session cookie, which a sibling subdomain's page is sent too: a browser
 * handshake is taken only from the product's own origin. Clients that are not browser pages send
 * no Origin and still need a session.
 */
describe("the websocket handshake's Origin", () => {
  const PUBLIC = "https://dirabot.example";
  let api: Api;
  let token: string;
  beforeAll(async () => {
    api = await startAuthApi({ PUBLIC_URL: PUBLIC });
    ({ token } = await api.register("Visitor"));
  }, 120_000);
  afterAll(async () => api?.stop());

  /** "connected", or why not; the session is the cookie a browser would send, or a bearer token. */
  function handshake(
    headers: Record<string, string>,
    opts: { transport?: "websocket" | "polling"; bearer?: boolean } = {},
  ): Promise<string> {
    const socket = io(api.base, {
      transports: [opts.transport ?? "websocket"],
      reconnection: false,
      ...(opts.bearer ? { auth: { token } } : {}),
      extraHeaders: opts.bearer ? headers : { cookie: `${COOKIE}=${encodeURIComponent(token)}`, ...headers },
    });
    return new Promise<string>((resolve) => {
      socket.once("connect", () => resolve("connected"));
      socket.once("connect_error", (err) => resolve(err.message));
    }).finally(() => socket.close());
  }

  it("refuses a page of another origin, with the visitor's cookie, on either transport", async () => {
    for (const origin of [
      "https://evil.dirabot.example",
      "https://evil.example",
      "http://dirabot.example",
      "null",
    ])
      for (const transport of ["websocket", "polling"] as const)
        expect(await handshake({ origin }, { transport }), `${origin} ${transport}`).not.toBe("connected");
  });

  it("takes the product's own origin: PUBLIC_URL's, or the address the page was loaded from", async () => {
    expect(await handshake({ origin: PUBLIC })).toBe("connected");
    expect(await handshake({ origin: PUBLIC }, { transport: "polling" })).toBe("connected");
    // npm start reached as 127.0.0.1, or the dev server's proxy: the Origin names the Host asked.
    expect(await handshake({ origin: api.base })).toBe("connected");
  });

  it("takes a client that is no browser page (no Origin) only with a session", async () => {
    expect(await handshake({}, { bearer: true })).toBe("connected");
    expect(await handshake({ cookie: "" }, { bearer: false })).toBe("unauthenticated");
  });
});
