import * as dns from "node:dns";
import * as http from "node:http";
import * as https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * Fetching an address that came from outside (a photo URL in a scraped listing) without letting it
 * reach inside: the product's own listeners, the cluster's services, a cloud's metadata endpoint.
 * Every address a host name resolves to must be public, checked at connect time (so a name that
 * resolves differently the second time gains nothing), redirects are followed only to addresses
 * that pass the same check, and the body is read up to a size limit within one deadline.
 */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const)
  PRIVATE.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 127], // unspecified and loopback
  ["64:ff9b:1::", 48], // local-use NAT64
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const)
  PRIVATE.addSubnet(net, prefix, "ipv6");

/**
 * True when the address is not on the public internet. An IPv6 address that carries an IPv4 one
 * (mapped, compatible, SIIT, NAT64, 6to4, Teredo) is judged by that IPv4 too: a NAT64 gateway or a
 * 6to4 relay delivers `64:ff9b::a00:1` to 10.0.0.1, and Node writes `[::127.0.0.1]` as `[::7f00:1]`.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true; // not an address at all: refuse rather than guess
  if (family === 4) return PRIVATE.check(address, "ipv4");
  if (PRIVATE.check(address, "ipv6")) return true;
  return embeddedIpv4(ipv6Words(address)).some((v4) => PRIVATE.check(v4, "ipv4"));
}

/** The eight 16-bit words of a valid IPv6 address (a dotted IPv4 tail and a zone allowed). */
export function ipv6Words(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, "");
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const words = (part: string) => (part ? part.split(":").map((w) => Number.parseInt(w, 16)) : []);
  const h = words(head);
  const t = words(tail ?? "");
  return tail === undefined ? h : [...h, ...Array<number>(8 - h.length - t.length).fill(0), ...t];
}

/** The IPv4 addresses an IPv6 address stands for, by the standard embeddings. */
function embeddedIpv4(w: number[]): string[] {
  const v4 = (hi = 0, lo = 0) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zero = (from: number, to: number) => w.slice(from, to).every((x) => x === 0);
  // ::a.b.c.d (compatible), ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (SIIT)
  if (zero(0, 4) && ((w[4] === 0 && (w[5] === 0 || w[5] === 0xffff)) || (w[4] === 0xffff && w[5] === 0)))
    return [v4(w[6], w[7])];
  if (w[0] === 0x64 && w[1] === 0xff9b && zero(2, 6)) return [v4(w[6], w[7])]; // NAT64, 64:ff9b::/96
  if (w[0] === 0x2002) return [v4(w[1], w[2])]; // 6to4, 2002::/16
  // Teredo, 2001::/32: the server's address, and the client's with every bit flipped.
  if (w[0] === 0x2001 && w[1] === 0)
    return [v4(w[2], w[3]), v4(~(w[6] ?? 0) & 0xffff, ~(w[7] ?? 0) & 0xffff)];
  return [];
}

export class RefusedAddressError extends Error {
  readonly code = "EREFUSEDADDRESS";
}

export const publicLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "", 4);
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad || addresses.length === 0)
      return callback(new RefusedAddressError(`${hostname} is not a public address`), "", 4);
    if (options.all) (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
    else callback(null, addresses[0]?.address as string, addresses[0]?.family as number);
  });
};

/**
 * Why this URL may not be reached, or undefined when it may be tried (its host's addresses are then
 * checked at connect time by `publicLookup`): not http(s), or a literal private address not named
 * in `allowHosts` (`host:port`).
 */
export function refusedUrl(url: URL, allowHosts: readonly string[] | true = []): string | undefined {
  if (url.protocol !== "https:" && url.protocol !== "http:") return `not an http(s) address: ${url.protocol}`;
  if (allowHosts === true || allowHosts.includes(url.host) || allowHosts.includes(url.hostname))
    return undefined;
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(literal) && isPrivateAddress(literal)) return `${literal} is not a public address`;
  return undefined;
}

export interface PublicFetchOptions {
  timeoutMs: number;
  /** Ends the fetch early (the caller is stopping). */
  signal?: AbortSignal;
  maxBytes: number;
  accept?: string;
  /** Tests and local doubles only: private addresses allowed everywhere, or on these hosts (`host` or `host:port`). */
  allowPrivate?: boolean | string[];
  maxRedirects?: number;
}

/** The body of a GET of an http(s) URL, or an error saying why not. */
export async function fetchPublic(url: string, options: PublicFetchOptions): Promise<Buffer> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const deadline = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let target = new URL(url);
  for (let hop = 0; ; hop++) {
    const res = await get(target, options, deadline);
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (status >= 300 && status < 400 && location) {
      res.resume();
      if (hop >= (options.maxRedirects ?? 3)) throw new Error("too many redirects");
      target = new URL(location, target);
      continue;
    }
    if (status !== 200) {
      res.resume();
      throw new Error(`answered ${status}`);
    }
    if (Number(res.headers["content-length"] ?? 0) > options.maxBytes) {
      res.destroy();
      throw new Error("too large");
    }
    const parts: Buffer[] = [];
    let size = 0;
    for await (const part of res as AsyncIterable<Buffer>) {
      size += part.byteLength;
      if (size > options.maxBytes) {
        res.destroy();
        throw new Error("too large");
      }
      parts.push(part);
    }
    return Buffer.concat(parts);
  }
}

function get(target: URL, options: PublicFetchOptions, signal: AbortSignal): Promise<http.IncomingMessage> {
  const allow = options.allowPrivate === true ? true : options.allowPrivate || [];
  const allowed = allow === true || allow.includes(target.host) || allow.includes(target.hostname);
  // A literal address is never looked up: it is checked here instead.
  const refused = refusedUrl(target, allow);
  if (refused)
    return Promise.reject(
      refused.startsWith("not an http") ? new Error(refused) : new RefusedAddressError(refused),
    );
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(
      target,
      {
        signal,
        headers: { accept: options.accept ?? "*/*" },
        ...(allowed ? {} : { lookup: publicLookup }),
      },
      resolve,
    );
    req.on("error", reject);
  });
}
