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
