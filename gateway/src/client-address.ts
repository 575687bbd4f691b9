import type { IncomingMessage } from "node:http";

/**
 * TRUST_PROXY in Koa's terms. Each trusted proxy appends the address it saw to X-Forwarded-For,
 * so only the last `trustProxy` entries were written by our proxies; anything left of them came
 * from the client and is whatever it chose to send. Koa keeps those last entries (maxIpsCount)
 * and takes the first of them as ctx.ip; with 0, `proxy` is off and no header is read at all
 * (ctx.ip is the socket's peer, ctx.secure only TLS on this socket).
 */
export function proxyOptions(trustProxy: number): { proxy: boolean; maxIpsCount: number } {
  return { proxy: trustProxy > 0, maxIpsCount: trustProxy };
}

/**
 * The same rule for requests Koa does not see (the Socket.IO handshake), so a client has one
 * address everywhere: the entry `trustProxy` hops from the right of X-Forwarded-For, else the
 * socket's peer.
 */
export function clientAddress(req: IncomingMessage, trustProxy: number): string {
  const peer = req.socket.remoteAddress ?? "";
  const header = req.headers["x-forwarded-for"];
  if (trustProxy <= 0 || !header) return peer;
  const hops = (Array.isArray(header) ? header.join(",") : header).split(",").map((v) => v.trim());
  return hops.slice(-trustProxy)[0] || peer;
}
