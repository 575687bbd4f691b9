import * as http from "node:http";
import * as http2 from "node:http2";
import * as net from "node:net";
import type { ConnectRouter, Interceptor } from "@connectrpc/connect";
import { connectNodeAdapter } from "@connectrpc/connect-node";
import type { Metrics } from "./metrics.ts";

/** A plain request handler; HTTP/2 compat requests are passed as their HTTP/1 look-alikes. */
export type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface HostServer {
  /** The HTTP/1.1 side, where browsers and the websocket arrive. */
  http1: http.Server;
  port: number;
  /** Stops accepting, lets requests in flight finish (up to `graceMs`), then closes connections. */
  close(graceMs?: number): Promise<void>;
}

/** What one service call may weigh at most, in either direction (a Yad2 batch is well under). */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

/**
 * The internal listener's handler: Connect/gRPC/gRPC-Web service routes behind the interceptors
 * (timing, then the trust boundary), plus the plain `/healthz`, `/readyz` and `/metrics`.
 */
export function internalHandler(opts: {
  routes: Array<(router: ConnectRouter) => void>;
  interceptors: Interceptor[];
  metrics: Metrics;
  probes: { live(): boolean; ready(): boolean };
}): NodeHandler {
  const timing: Interceptor = (next) => async (req) => {
    const end = opts.metrics.rpcDuration.startTimer({
      service: req.service.typeName,
      method: req.method.name,
    });
    try {
      const res = await next(req);
      end({ code: "ok" });
      return res;
    } catch (err) {
      end({ code: "error" });
      throw err;
    }
  };
  return connectNodeAdapter({
    routes: (router) => {
      for (const r of opts.routes) r(router);
    },
    interceptors: [timing, ...opts.interceptors],
    readMaxBytes: MAX_MESSAGE_BYTES,
    fallback: (req, res) =>
      plainEndpoints(req as http.IncomingMessage, res as unknown as http.ServerResponse, opts),
  }) as unknown as NodeHandler;
}

/**
 * One port speaks both HTTP/1.1 (browsers, Kubernetes probes, Connect over h1) and cleartext
 * HTTP/2 (gRPC and Connect clients): the first bytes of a connection say which.
 */
export async function startHostServer(opts: {
  port: number;
  host: string;
  handler: NodeHandler;
}): Promise<HostServer> {
  const { handler } = opts;
  const h1 = http.createServer(handler);
  const h2 = http2.createServer(
    {},
    handler as unknown as (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void,
  );
  const sessions = new Set<http2.ServerHttp2Session>();
  h2.on("session", (s) => {
    sessions.add(s);
    s.on("close", () => sessions.delete(s));
  });
  const sockets = new Set<net.Socket>();
  // HTTP/1.1 connections and their requests in flight, for a close that ends the idle ones at
  // once. h1 never listens itself (the front hands it its connections), and Node sets up its own
  // tracking, which closeIdleConnections reads, only on listening: it closed nothing, and a close
  // waited for each client to drop its kept-alive connection (3–5 s after its last request).
  const h1Sockets = new Map<net.Socket, number>();
  let closing = false;
  h1.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const socket = req.socket;
    h1Sockets.set(socket, (h1Sockets.get(socket) ?? 0) + 1);
    res.once("close", () => {
      const left = (h1Sockets.get(socket) ?? 1) - 1;
      if (h1Sockets.has(socket)) h1Sockets.set(socket, left);
      if (closing && left === 0) socket.end();
    });
  });
  // An upgraded connection (a websocket) is its server's to close.
  h1.on("upgrade", (req: http.IncomingMessage) => h1Sockets.delete(req.socket));
  // No Nagle: an answer written in pieces (headers, then a compressed body) would otherwise wait
  // for the client's delayed ACK, about 40 ms per response (http.Server disables it on its own
  // sockets, but these are accepted here and handed over).
  const front = net.createServer({ noDelay: true }, (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.once("readable", () => {
      const head = socket.read(3) as Buffer | null;
      if (head) socket.unshift(head);
      const h2Preface = head?.toString("latin1") === "PRI";
      if (!h2Preface) {
        h1Sockets.set(socket, 0);
        socket.once("close", () => h1Sockets.delete(socket));
      }
      (h2Preface ? h2 : h1).emit("connection", socket);
    });
  });
  await new Promise<void>((resolve, reject) => {
    front.once("error", reject);
    front.listen(opts.port, opts.host, () => resolve());
  });
  const address = front.address() as net.AddressInfo;

  return {
    http1: h1,
    port: address.port,
    async close(graceMs = 10_000) {
      const closed = new Promise<void>((r) => front.close(() => r()));
      closing = true;
      for (const s of sessions) s.close(); // GOAWAY: streams in flight finish
      // Idle HTTP/1.1 connections end now; busy ones once their last response is out.
      for (const [socket, busy] of h1Sockets) if (busy === 0) socket.end();
      const deadline = setTimeout(() => {
        for (const s of sockets) s.destroy();
      }, graceMs);
      await closed;
      clearTimeout(deadline);
    },
  };
}

function plainEndpoints(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  opts: { metrics: Metrics; probes: { live(): boolean; ready(): boolean } },
): void {
  const path = (req.url ?? "/").split("?")[0];
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
    res.end(JSON.stringify(body));
  };
  if (path === "/healthz") {
    json(opts.probes.live() ? 200 : 503, { status: opts.probes.live() ? "ok" : "down" });
  } else if (path === "/readyz") {
    json(opts.probes.ready() ? 200 : 503, { status: opts.probes.ready() ? "ready" : "starting" });
  } else if (path === "/metrics") {
    void opts.metrics.registry.metrics().then((text) => {
      res.writeHead(200, { "content-type": opts.metrics.registry.contentType });
      res.end(text);
    });
  } else {
    json(404, { message: "Not found", code: "not_found" });
  }
}
