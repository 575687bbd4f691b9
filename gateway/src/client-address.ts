import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import { ipv6Words } from "@dirabot/platform";

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

/**
 * The key an address's budgets are kept under. An IPv6 subscriber is handed a /64 at least, every
 * address of which is theirs to use: keyed per address, each of 2^64 would have a budget of its
 * own. IPv4 stays whole, also as the IPv4-mapped IPv6 a dual-stack socket reports.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return mapped;
  if (isIP(address) !== 6) return address;
  const prefix = ipv6Words(address).slice(0, 4);
  return `${prefix.map((w) => w.toString(16)).join(":")}::/64`;
}
