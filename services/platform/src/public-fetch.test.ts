import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchPublic, isPrivateAddress } from "./public-fetch.ts";

describe("fetching an address that came from outside", () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === "/hop") {
        res.writeHead(302, { location: "/photo" });
        res.end();
      } else if (req.url === "/inside") {
        res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" });
        res.end();
      } else if (req.url === "/big") {
        res.end(Buffer.alloc(2048));
      } else res.end("photo bytes");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));
  const opts = { timeoutMs: 2000, maxBytes: 1024 };

  it("knows the addresses that are inside a network", () => {
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "localhost",
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ["8.8.8.8", "151.101.1.1", "2a00:1450:4001::1", "::ffff:8.8.8.8"])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it("judges an IPv6 address that carries an IPv4 one by that IPv4", () => {
    for (const a of [
      "64:ff9b::7f00:1", // NAT64 of 127.0.0.1
      "64:ff9b::a00:1", // NAT64 of 10.0.0.1: an IPv6-only cluster's gateway delivers it there
      "64:ff9b::169.254.169.254",
      "64:ff9b:1::a00:1", // local-use NAT64
      "::7f00:1", // IPv4-compatible 127.0.0.1
      "::10.0.0.1",
      "::ffff:7f00:1", // mapped, as a URL writes it
      "::ffff:0:a00:1", // SIIT
      "2002:7f00:1::", // 6to4 of 127.0.0.1
      "2002:c0a8:101::1",
      "2001:0:4136:e378:8000:63bf:f5ff:fffe", // Teredo, client 10.0.0.1 (bits flipped)
      "2001:0:a00:1::1", // Teredo, server 10.0.0.1
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of [
      "64:ff9b::808:808",
      "2002:808:808::1",
      "::ffff:0:808:808",
      "2001:0:4136:e378:8000:63bf:3fff:fdd2",
    ])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it("refuses the IPv6 forms of a private IPv4 address written in a URL", async () => {
    for (const host of [
      "[64:ff9b::7f00:1]",
      "[::7f00:1]",
      "[::127.0.0.1]",
      "[2002:7f00:1::]",
      "[::ffff:7f00:1]",
    ])
      await expect(fetchPublic(`http://${host}/photo`, opts), host).rejects.toThrow("not a public address");
  });

  it("refuses a private address, by literal or by a name that resolves to one, before connecting", async () => {
    await expect(fetchPublic(`${base}/photo`, opts)).rejects.toThrow("127.0.0.1 is not a public address");
    const port = new URL(base).port;
    await expect(fetchPublic(`http://localhost:${port}/photo`, opts)).rejects.toThrow(
      "localhost is not a public address",
    );
    await expect(fetchPublic(`http://[::1]:${port}/photo`, opts)).rejects.toThrow("not a public address");
    await expect(fetchPublic("file:///etc/passwd", opts)).rejects.toThrow("not an http(s) address");
  });

  it("with a local double allowed, follows redirects but never into another private address, and keeps to the size", async () => {
    const local = { ...opts, allowPrivate: [new URL(base).host] };
    expect((await fetchPublic(`${base}/hop`, local)).toString()).toBe("photo bytes");
    await expect(fetchPublic(`${base}/big`, local)).rejects.toThrow("too large");
    // The double may redirect, but only to an address that passes the check: not the metadata one.
    await expect(fetchPublic(`${base}/inside`, local)).rejects.toThrow(
      "169.254.169.254 is not a public address",
    );
  });
});
