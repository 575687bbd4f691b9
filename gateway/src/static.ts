import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import type { Middleware } from "koa";
import { pageLang } from "./page-lang.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".geojson": "application/geo+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
  ".webmanifest": "application/manifest+json",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json",
};

/**
 * Serves the built SPA. Files are served as they are; a path with a page written ahead
 * (`/login` → login.html) gets that page; any other GET that is not an API, websocket or status
 * path gets index.html (history fallback), so deep links load the app.
 * Hashed assets are cached for a year; index.html and the rest revalidated on every use, so a deploy
 * is seen at once, and answered 304 while unchanged (ETag, Last-Modified). A file with a
 * precompressed copy is sent as brotli or gzip to a browser that accepts it.
 */
export function spa(root: string, isReserved: (p: string) => boolean): Middleware {
  const dir = path.resolve(root);
  return async (ctx, next) => {
    if ((ctx.method !== "GET" && ctx.method !== "HEAD") || isReserved(ctx.path)) return next();
    let rel: string;
    try {
      rel = decodeURIComponent(ctx.path);
    } catch {
      return next();
    }
    const file = path.join(dir, path.normalize(rel));
    if (file.startsWith(dir + path.sep) && isFile(file)) return send(ctx, file, rel.startsWith("/assets/"));
    if (path.extname(rel) !== "" && !rel.endsWith(".html")) return next(); // a missing file is a 404, not the app
    // A page the build wrote ahead (web/scripts/prerender.ts: /login as login.html, in Hebrew as
    // login.he.html) is that page's document, in the visitor's language: its markup paints before
    // the app's code arrives.
    const page = `${file}.html`;
    if (path.extname(rel) === "" && page.startsWith(dir + path.sep) && isFile(page)) {
      const lang = pageLang(ctx);
      const translated = `${file}.${lang}.html`;
      ctx.vary("Cookie");
      ctx.vary("Accept-Language");
      return send(ctx, lang !== "en" && isFile(translated) ? translated : page, false);
    }
    const index = path.join(dir, "index.html");
    if (!isFile(index)) {
      ctx.status = 503;
      ctx.type = "text/plain";
      ctx.body = "The web app is not built yet: run `npm run build`.";
      return;
    }
    return send(ctx, index, false);
  };
}

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

/** The build's precompressed copies (web/scripts/compress.ts), best first. */
const ENCODINGS = [
  { name: "br", ext: ".br" },
  { name: "gzip", ext: ".gz" },
] as const;

function send(ctx: Parameters<Middleware>[0], file: string, immutable: boolean): void {
  ctx.type = TYPES[path.extname(file)] ?? "application/octet-stream";
  ctx.set("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
  ctx.vary("Accept-Encoding");
  let body = file;
  for (const e of ENCODINGS) {
    if (isFile(file + e.ext) && ctx.acceptsEncodings(e.name, "identity") === e.name) {
      body = file + e.ext;
      ctx.set("Content-Encoding", e.name);
      break;
    }
  }
  const stat = fs.statSync(body);
  // The sent file's own size, time and name: each encoding and language of a page has its own tag.
  const name = encodeURIComponent(path.basename(body));
  ctx.etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}-${name}"`;
  ctx.lastModified = stat.mtime;
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.length = stat.size;
  ctx.body = ctx.method === "HEAD" ? null : fs.createReadStream(body);
}

/**
 * The CSP sources (`'sha256-…'`) of the built page's inline scripts: the start script the build
 * puts in index.html's head (web/scripts/route-preloads.ts), the same in every page written ahead.
 * Read again when index.html changes (looked at no more than once a second: the policy goes on
 * every API answer too); none while the app is not built. The same array while nothing changed,
 * so the caller can keep its policy.
 */
export function inlineScriptSources(root: string, now: () => number = Date.now): () => string[] {
  const index = path.join(path.resolve(root), "index.html");
  let read = -1;
  let lookedAt = Number.NEGATIVE_INFINITY;
  let sources: string[] = [];
  return () => {
    if (now() - lookedAt < 1000) return sources;
    lookedAt = now();
    let mtime: number;
    try {
      mtime = fs.statSync(index).mtimeMs;
    } catch {
      return sources;
    }
    if (mtime !== read) {
      read = mtime;
      sources = scriptHashes(fs.readFileSync(index, "utf8"));
    }
    return sources;
  };
}

/** The hash sources of a page's inline scripts (`<script>` with no attributes), as CSP reads them. */
export function scriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash("sha256")
        .update(m[1] ?? "")
        .digest("base64")}'`,
  );
}
