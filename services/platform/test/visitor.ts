import { randomInt } from "node:crypto";
import * as http from "node:http";

/**
 * fetch() as a new visitor: from a loopback address of its own (127.x.y.z, at random), as each
 * person signing up comes from their own connection. The gateway lets an address open only a
 * few accounts a minute, and test processes on one shared Redis all come from 127.0.0.1.
 */
export function fetchAsVisitor(url: string, init: RequestInit = {}): Promise<Response> {
  const from = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: init.method ?? "GET",
        headers: Object.fromEntries(new Headers(init.headers)),
        localAddress: from,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers))
            for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
              headers.append(name, v);
          const body = [204, 304].includes(res.statusCode ?? 0) ? null : Buffer.concat(chunks);
          resolve(new Response(body, { status: res.statusCode, headers }));
        });
      },
    );
    req.on("error", reject);
    req.end(typeof init.body === "string" ? init.body : undefined);
  });
}

/** fetch(), but a registration comes from a visitor of its own (above). */
export const fetchOrVisit = (url: string, init: RequestInit = {}): Promise<Response> =>
  new URL(url).pathname === "/api/auth/register" ? fetchAsVisitor(url, init) : fetch(url, init);
