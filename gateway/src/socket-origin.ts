import type { IncomingMessage } from "node:http";

/**
 * Whether a websocket handshake may come from where it says it does. A browser names the page's
 * origin on every websocket and every cross-origin request, and a page elsewhere must not ride
 * the visitor's session (a sibling subdomain is sent the session cookie too). The product's own
 * origins are PUBLIC_URL's and the one the request was addressed to (its Host: `npm start` reached
 * as 127.0.0.1 or by a LAN name, the dev server's proxy, which keeps the Host). A handshake with
 * no Origin is not a browser page's (an app with a bearer token, a script): it still needs a session.
 */
export function ownOrigin(publicUrl: string): (req: IncomingMessage) => boolean {
  const own = new URL(publicUrl).origin;
  return (req) => {
    const origin = req.headers.origin;
    if (origin === undefined || origin === own) return true;
    try {
      return new URL(origin).host === req.headers.host;
    } catch {
      return false; // "null" (a sandboxed frame, a file) or garbage
    }
  };
}
