import type { Middleware } from "koa";

/**
 * Security headers with a strict Content-Security-Policy: scripts only from our origin, no
 * inline script; inline styles are allowed because React style props and Blueprint use them;
 * images from any https origin (map tiles, listing photos) plus data:/blob:; the websocket and
 * API stay same-origin (geocoding is proxied by the server).
 */
export function securityHeaders(publicUrl: string): Middleware {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
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
  const https = publicUrl.startsWith("https://");
  return async (ctx, next) => {
    ctx.set("Content-Security-Policy", csp);
    ctx.set("X-Content-Type-Options", "nosniff");
    ctx.set("X-Frame-Options", "DENY");
    ctx.set("Referrer-Policy", "strict-origin-when-cross-origin");
    ctx.set("Cross-Origin-Opener-Policy", "same-origin");
    ctx.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)");
    if (https) ctx.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    await next();
  };
}
