// `E2E_PRISM=1 npm run test:e2e`: the browser tests' /api traffic goes through Stoplight's Prism
// proxy, which checks every request and answer against the OpenAPI document the product serves.
// Prism re-encodes the bodies it reads, so the SPA's files and the websocket go to the product
// directly; a small splitter in front of both sends each request its way and keeps what Prism
// says in `sl-violations`.
import { once } from "node:events";
import * as http from "node:http";
import * as net from "node:net";

export interface PrismSplit {
  url: string;
  /** `METHOD path status: what Prism found`, one line per answer it disagreed with. */
  violations: string[];
  close(): Promise<void>;
}

/** The /api calls Prism checks: the OAuth callback is a browser redirect, not in the document. */
const checked = (url: string) => url.startsWith("/api/") && !url.startsWith("/api/oauth/google/callback");

export async function startPrismSplit(
  product: string,
  admin: { email: string; password: string },
  port: number,
): Promise<PrismSplit> {
  const { startPrism } = await import("@dirabot/gateway/testing");
  const prism = await startPrism(await documentOf(product, admin), product);
  const violations: string[] = [];
  const server = http.createServer((req, res) => {
    const viaPrism = checked(req.url ?? "");
    const target = new URL(viaPrism ? prism.base : product);
    // Prism reads the answer to check it, and cannot undo zstd, which browsers offer.
    const headers = viaPrism ? { ...req.headers, "accept-encoding": "gzip, deflate, br" } : req.headers;
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
      (answer) => {
        const found = answer.headers["sl-violations"];
        if (found) violations.push(`${req.method} ${req.url} ${answer.statusCode}: ${found}`);
        const headers = answer.rawHeaders.filter(
          (_, i, all) => !/^sl-violations$/i.test(all[i - (i % 2)] ?? ""),
        );
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  // The websocket's upgrade goes to the product as it came.
  server.on("upgrade", (req, socket, head) => {
    const target = new URL(product);
    const to = net.connect(Number(target.port), target.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      to.write(`${lines.join("\r\n")}\r\n\r\n`);
      to.write(head);
      to.pipe(socket).pipe(to);
    });
    to.on("error", () => socket.destroy());
    socket.on("error", () => to.destroy());
  });
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${port}`,
    violations,
    close: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      await prism.stop();
    },
  };
}

/** The document as the product serves it, to its admin. */
async function documentOf(product: string, admin: { email: string; password: string }): Promise<unknown> {
  const login = await fetch(`${product}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(admin),
  });
  const { token } = (await login.json()) as { token: string };
  const doc = await fetch(`${product}/api/openapi.json`, { headers: { authorization: `Bearer ${token}` } });
  if (!doc.ok) throw new Error(`GET /api/openapi.json answered ${doc.status}`);
  return doc.json();
}
