import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import * as zlib from "node:zlib";
import Koa from "koa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineScriptSources, spa } from "./static.ts";

// The installable app's files at the site root: the service worker must come as
// JavaScript and never from a cache (a deploy's new worker is picked up at the next visit), the
// manifest as a manifest, its icons as PNG.

const APP_JS = "console.log('dirabot');\n".repeat(200);

describe("the SPA's root files", () => {
  let base: string;
  let server: ReturnType<Koa["listen"]>;
  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dirabot-static-"));
    fs.mkdirSync(path.join(dir, "icons"));
    fs.writeFileSync(path.join(dir, "index.html"), "<!doctype html><div id=root></div>");
    fs.writeFileSync(path.join(dir, "login.html"), "<!doctype html><div id=root><h1>Sign in</h1></div>");
    fs.writeFileSync(
      path.join(dir, "login.he.html"),
      '<!doctype html><html lang="he" dir="rtl"><div id=root><h1>התחברות</h1></div>',
    );
    fs.writeFileSync(path.join(dir, "service-worker.js"), "self.addEventListener('push', () => {});");
    fs.writeFileSync(path.join(dir, "manifest.webmanifest"), '{"name":"Dirabot"}');
    fs.writeFileSync(path.join(dir, "icons", "icon-192.png"), Buffer.from("89504e47", "hex"));
    fs.mkdirSync(path.join(dir, "assets"));
    fs.writeFileSync(path.join(dir, "assets", "app-1a2b.js"), APP_JS);
    fs.writeFileSync(path.join(dir, "assets", "app-1a2b.js.br"), zlib.brotliCompressSync(APP_JS));
    fs.writeFileSync(path.join(dir, "assets", "app-1a2b.js.gz"), zlib.gzipSync(APP_JS));
    const app = new Koa();
    app.use(spa(dir, (p) => p.startsWith("/api/")));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("serves /service-worker.js as JavaScript that is revalidated every time", async () => {
    const res = await fetch(`${base}/service-worker.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(await res.text()).toContain("addEventListener('push'");
  });

  it("serves the manifest and its icons with their types", async () => {
    const manifest = await fetch(`${base}/manifest.webmanifest`);
    expect(manifest.headers.get("content-type")).toMatch(/^application\/manifest\+json\b/);
    expect(await manifest.json()).toEqual({ name: "Dirabot" });
    const icon = await fetch(`${base}/icons/icon-192.png`);
    expect(icon.headers.get("content-type")).toBe("image/png");
  });

  it("answers a missing worker with 404, never with the app's index.html", async () => {
    const res = await fetch(`${base}/sw-missing.js`);
    expect(res.status).toBe(404);
  });

  it("sends a built file's brotli or gzip copy to a browser that accepts it, the file itself otherwise", async () => {
    const get = (encoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        // node:http, not fetch: fetch always asks for compression and undoes it.
        http
          .get(`${base}/assets/app-1a2b.js`, { headers: { "accept-encoding": encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c) => chunks.push(c));
            res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on("error", reject);
      });
    const br = await get("gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(APP_JS);
    expect(br.body.length).toBeLessThan(APP_JS.length / 10);
    const gz = await get("gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).toString()).toBe(APP_JS);
    const plain = await get("identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(APP_JS);
  });

  it("sends a page written ahead for its path, never cached, and index.html for every other app path", async () => {
    const login = await fetch(`${base}/login`);
    expect(login.status).toBe(200);
    expect(login.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(login.headers.get("cache-control")).toBe("no-cache");
    expect(await login.text()).toContain("<h1>Sign in</h1>");
    for (const other of ["/bots", "/register", "/login/", "/index"]) {
      const res = await fetch(`${base}${other}`);
      expect(res.status, other).toBe(200);
      expect(await res.text(), other).toBe("<!doctype html><div id=root></div>");
    }
  });

  it("sends a page written ahead in the visitor's language: the `lang` cookie's, else the browser's", async () => {
    const login = (headers: Record<string, string>) =>
      fetch(`${base}/login`, { headers }).then(async (r) => ({
        vary: r.headers.get("vary"),
        text: await r.text(),
      }));
    const hebrew = await login({ "accept-language": "he-IL,he;q=0.9,en;q=0.8" });
    expect(hebrew.text).toContain('<html lang="he" dir="rtl">');
    expect(hebrew.text).toContain("<h1>התחברות</h1>");
    expect(hebrew.vary).toMatch(/Cookie/);
    expect(hebrew.vary).toMatch(/Accept-Language/);
    expect((await login({ "accept-language": "en-US,he;q=0.5" })).text).toContain("<h1>Sign in</h1>");
    expect((await login({})).text).toContain("<h1>Sign in</h1>");
    // The choice made in the app wins over the browser's language, either way.
    expect((await login({ "accept-language": "he-IL", cookie: "lang=en" })).text).toContain(
      "<h1>Sign in</h1>",
    );
    expect((await login({ "accept-language": "en-US", cookie: "lang=he" })).text).toContain(
      "<h1>התחברות</h1>",
    );
    // A language with no page of its own gets the English one.
    expect((await login({ cookie: "lang=fr" })).text).toContain("<h1>Sign in</h1>");
  });
});

describe("the built page's inline scripts, as the CSP allows them", () => {
  const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

  it("are the hashes of the page's inline scripts only, read again when the page changes", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dirabot-inline-"));
    let clock = 0;
    const sources = inlineScriptSources(dir, () => clock);
    expect(sources()).toEqual([]); // not built yet
    const page = (start: string) =>
      `<!doctype html><head><script>${start}</script><script type="module" src="/assets/app.js"></script></head>`;
    fs.writeFileSync(path.join(dir, "index.html"), page("theme()"));
    clock += 1000;
    expect(sources()).toEqual([hash("theme()")]);
    fs.writeFileSync(path.join(dir, "index.html"), page("theme(); preload()"));
    fs.utimesSync(path.join(dir, "index.html"), new Date(), new Date(Date.now() + 5000));
    expect(sources()).toEqual([hash("theme()")]); // looked at a moment ago
    clock += 1000;
    expect(sources()).toEqual([hash("theme(); preload()")]);
  });
});
