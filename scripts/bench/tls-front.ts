import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as http from "node:http";
import * as http2 from "node:http2";
import type { AddressInfo } from "node:net";
import * as net from "node:net";
import * as path from "node:path";
import type { Duplex } from "node:stream";
import { tmp } from "./figures.ts";

/**
 * What a phone reaches in production: the cluster's ingress terminates TLS and speaks HTTP/2 to
 * the browser (every request of a page on one connection), HTTP/1.1 to the gateway. Plain
 * `http://` to the gateway is what `npm start` serves on one machine, where Chromium opens at most
 * six connections to a host and a seventh request waits for one to free. This front is that
 * ingress for the first-page bench: a self-signed certificate (made by `openssl`; null when the
 * machine has none), HTTP/2 with HTTP/1.1 beside it, each request passed on as it came.
 */
export async function tlsFront(target: string): Promise<{ url: string; close(): Promise<void> } | null> {
  const dir = tmp();
  const key = path.join(dir, "key.pem");
  const cert = path.join(dir, "cert.pem");
  const made = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
    ],
    { stdio: "ignore" },
  );
  if (made.error || made.status !== 0) return null;
  const to = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  const server = http2.createSecureServer({
    key: fs.readFileSync(key),
    cert: fs.readFileSync(cert),
    allowHTTP1: true,
  });
  server.on("request", (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) if (!name.startsWith(":")) headers[name] = value;
    headers.host = to.host;
    const up = http.request(
      { host: to.hostname, port: to.port, path: req.url, method: req.method, headers, agent },
      (answer) => {
        const out: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers))
          if (!["connection", "keep-alive", "transfer-encoding"].includes(name)) out[name] = value;
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
      },
    );
    up.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(up);
  });
  // The app's socket: a WebSocket upgrade over HTTP/1.1 (as Chromium opens it beside an HTTP/2
  // connection), passed on byte for byte.
  server.on("upgrade", (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const up = net.connect(Number(to.port), to.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      up.write(`${lines.join("\r\n")}\r\n\r\n`);
      up.write(head);
      up.pipe(socket).pipe(up);
    });
    up.on("error", () => socket.destroy());
    socket.on("error", () => up.destroy());
  });
  // Closing waits for open connections, which the browser keeps for reuse: they are ended instead.
  const open = new Set<Duplex>();
  server.on("secureConnection", (socket: Duplex) => {
    open.add(socket);
    socket.on("close", () => open.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        for (const socket of open) socket.destroy();
      }),
  };
}
