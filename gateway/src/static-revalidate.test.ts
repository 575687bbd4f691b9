import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import * as zlib from "node:zlib";
import Koa from "koa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spa } from "./static.ts";

// A returning visitor asks again for index.html and the pages written ahead on every visit: while
// they are unchanged the answer is a 304 with no body, not the file again.

describe("revalidating the SPA's files", () => {
  let dir: string;
  let base: string;
  let server: ReturnType<Koa["listen"]>;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "dirabot-revalidate-"));
    fs.writeFileSync(path.join(dir, "index.html"), "<!doctype html><div id=root></div>");
    fs.writeFileSync(path.join(dir, "login.html"), "<!doctype html><h1>Sign in</h1>");
    fs.writeFileSync(path.join(dir, "login.he.html"), "<!doctype html><h1>התחברות</h1>");
    fs.mkdirSync(path.join(dir, "assets"));
    const js = "console.log('dirabot');\n".repeat(50);
    fs.writeFileSync(path.join(dir, "assets", "app-1a2b.js"), js);
    fs.writeFileSync(path.join(dir, "assets", "app-1a2b.js.br"), zlib.brotliCompressSync(js));
    const app = new Koa();
    app.use(spa(dir, (p) => p.startsWith("/api/")));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /**
   * node:http, not fetch: fetch adds `Cache-Control: no-cache` to a request carrying its own
   * validators, which asks for the file again; a browser revalidating its cache does not.
   */
  const get = (p: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((ok, fail) => {
      http
        .get(`${base}${p}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c) => chunks.push(c));
          res.on("end", () =>
            ok({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
          );
        })
        .on("error", fail);
    });

  it("answers an unchanged index.html, page or asset with 304 and no body", async () => {
    for (const p of ["/", "/bots", "/login", "/assets/app-1a2b.js"]) {
      const first = await get(p);
      const etag = first.headers.etag;
      expect(etag, p).toMatch(/^W\/".+"$/);
      expect(first.headers["last-modified"], p).toBeTruthy();
      const again = await get(p, { "if-none-match": etag as string });
      expect(again.status, p).toBe(304);
      expect(again.body, p).toBe("");
      expect(again.headers["cache-control"], p).toBe(first.headers["cache-control"]);
    }
  });

  it("answers If-Modified-Since too, and sends the file again once it changed", async () => {
    const first = await get("/");
    const since = first.headers["last-modified"] as string;
    expect((await get("/", { "if-modified-since": since })).status).toBe(304);
    fs.writeFileSync(path.join(dir, "index.html"), "<!doctype html><div id=root>new</div>");
    fs.utimesSync(path.join(dir, "index.html"), new Date(), new Date(Date.now() + 5000));
    const changed = await get("/", { "if-none-match": first.headers.etag as string });
    expect(changed.status).toBe(200);
    expect(changed.body).toContain("new");
  });

  it("tags each language of a page and each encoding of an asset apart", async () => {
    const en = await get("/login", { "accept-language": "en" });
    const he = await get("/login", { "accept-language": "he" });
    expect(en.headers.etag).not.toBe(he.headers.etag);
    const heAgain = await get("/login", {
      "accept-language": "en",
      "if-none-match": he.headers.etag as string,
    });
    expect(heAgain.status).toBe(200);
    expect(heAgain.body).toContain("Sign in");
    const br = await get("/assets/app-1a2b.js", { "accept-encoding": "br" });
    const plain = await get("/assets/app-1a2b.js", { "accept-encoding": "identity" });
    expect(br.headers.etag).not.toBe(plain.headers.etag);
  });
});
