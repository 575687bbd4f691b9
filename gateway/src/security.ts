import type { Middleware } from "koa";

/**
 * Security headers with a strict Content-Security-Policy: scripts only from our origin, and of
 * inline scripts only the built page's own start script, by its hash (`inlineScripts`,
 * static.ts); inline styles are allowed because React style props and Blueprint use them;
 * images from any https origin (map tiles, listing photos) plus data:/blob:; the websocket and
 * API stay same-origin (geocoding is proxied by the server).
 */
/** The build's hashed scripts and style sheets (never SVG or HTML, which a browser may open as a page). */
const BUILT_CODE = /^\/assets\/[\w./-]+\.(js|css)$/;

export function securityHeaders(publicUrl: string, inlineScripts: () => string[] = () => []): Middleware {
  const policy = (scripts: string[]) =>
    [
      "default-src 'self'",
      ["script-src 'self'", ...scripts].join(" "),
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https:",
      "font-src 'self' data:",
      "connect-src 'self' ws: wss:",
      "worker-src 'self' blob:",
      "manifest-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; ");
  // Worked out again only when the built page changes (a rebuild under a running gateway).
  let scripts: string[] = [];
  let csp = policy(scripts);
  const https = publicUrl.startsWith("https://");
  return async (ctx, next) => {
    if (https) ctx.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    ctx.set("X-Content-Type-Options", "nosniff");
    // A built script or style sheet is never a document: the document headers would only add
    // ~500 bytes to each of the 20–30 files a first page loads (a slow phone's whole budget).
    if (BUILT_CODE.test(ctx.path)) return next();
    const now = inlineScripts();
    if (now !== scripts) {
      scripts = now;
      csp = policy(scripts);
    }
    ctx.set("Content-Security-Policy", csp);
    ctx.set("X-Frame-Options", "DENY");
    ctx.set("Referrer-Policy", "strict-origin-when-cross-origin");
    ctx.set("Cross-Origin-Opener-Policy", "same-origin");
    ctx.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)");
    await next();
  };
}
