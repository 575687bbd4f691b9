import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { launch, loadSettings, type Running } from "@dirabot/platform";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gateway } from "./index.ts";

/** The built page's inline start script (web/scripts/route-preloads.ts). */
const START_SCRIPT = "document.documentElement.dataset.theme = 'light';";

/** A built SPA stand-in: the gateway serves whatever `vite build` wrote. */
function fakeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dirabot-dist-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(
    path.join(dir, "index.html"),
    `<!doctype html><title>Dirabot</title><script>${START_SCRIPT}</script><div id=root></div>`,
  );
  fs.writeFileSync(path.join(dir, "assets", "app-abc123.js"), "console.log('app')");
  fs.writeFileSync(path.join(dir, "hood_boundaries.geojson"), '{"type":"FeatureCollection","features":[]}');
  return dir;
}

describe("gateway", () => {
  let running: Running;
  let base: string;
  beforeAll(async () => {
    const settings = loadSettings({
      SERVICES: "gateway",
      SERVICE_SECRET: process.env.SERVICE_SECRET,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "dirabot-gw-")),
      REDIS_URL: process.env.TEST_REDIS_URL,
    });
    running = await launch(settings, [], gateway({ webDist: fakeDist() }));
    base = `http://127.0.0.1:${running.port}`;
  });
  afterAll(async () => running?.stop());

  it("answers /api/health with status, services and version", async () => {
    const res = await fetch(`${base}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", services: {}, version: expect.any(String) });
  });

  it("answers an unknown /api path with a JSON 404 in the one error shape", async () => {
    const res = await fetch(`${base}/api/no/such/thing`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ message: "No API route GET /api/no/such/thing", code: "not_found" });
  });

  it("returns the app for a deep link, files as they are, and 404 for a missing file", async () => {
    const deep = await fetch(`${base}/chats/abc`);
    expect(deep.status).toBe(200);
    expect(deep.headers.get("content-type")).toContain("text/html");
    expect(deep.headers.get("cache-control")).toBe("no-cache");
    expect(await deep.text()).toContain("<div id=root>");
    const asset = await fetch(`${base}/assets/app-abc123.js`);
    expect(asset.headers.get("cache-control")).toContain("immutable");
    expect(await asset.text()).toBe("console.log('app')");
    const geo = await fetch(`${base}/hood_boundaries.geojson`);
    expect(geo.headers.get("content-type")).toBe("application/geo+json");
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${base}/%2e%2e/%2e%2e/etc/passwd`)).status).not.toBe(500);
  });

  it("sends a strict Content-Security-Policy and the other security headers", async () => {
    const res = await fetch(`${base}/`);
    const csp = res.headers.get("content-security-policy") ?? "";
    // Of inline scripts, only the built page's own, by its hash.
    const hash = createHash("sha256").update(START_SCRIPT).digest("base64");
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("img-src 'self' data: blob: https:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    // A built script is never a document: nosniff only, without the document's headers.
    const script = await fetch(`${base}/assets/app-abc123.js`);
    expect(script.headers.get("x-content-type-options")).toBe("nosniff");
    expect(script.headers.get("content-security-policy")).toBeNull();
    expect(script.headers.get("x-frame-options")).toBeNull();
  });

  it("keeps the OpenAPI document from anonymous callers (openapi.test.ts: admins get it)", async () => {
    const res = await fetch(`${base}/api/openapi.json`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Authentication required", code: "unauthenticated" });
  });

  it("serves the probes and metrics on the internal listener, with the gateway's own figures", async () => {
    const internal = `http://127.0.0.1:${running.internalPort}`;
    expect((await fetch(`${internal}/healthz`)).status).toBe(200);
    expect((await fetch(`${internal}/readyz`)).status).toBe(200);
    expect(await (await fetch(`${internal}/metrics`)).text()).toContain("dirabot_http_requests_total");
  });
});
