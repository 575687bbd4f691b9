import { createServer, request as forward, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { connect } from "node:net";

// A door in front of the real product, on a port of its own, for a page to reach it through: open,
// it passes every request and websocket through unchanged; shut, nothing listens on its port, so
// the browser meets a refused connection exactly as during a server restart, and whatever was in
// flight is cut. Requests can also be held at the door until it is shut (cut mid-answer).

export class Door {
  readonly url: string;
  #port: number;
  #target: URL;
  #server: Server | null = null;
  #sockets = new Set<Socket>();
  #hold: ((req: IncomingMessage) => boolean) | null = null;
  /** Paths of the requests that reached the door, in order (open or held). */
  readonly seen: string[] = [];

  private constructor(port: number, target: string) {
    this.#port = port;
    this.#target = new URL(target);
    this.url = `http://127.0.0.1:${port}`;
  }

  static async open(target: string): Promise<Door> {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const door = new Door(port, target);
    await door.reopen();
    return door;
  }

  /** Holds (never answers) the requests `which` picks, until the door is shut. */
  hold(which: ((req: IncomingMessage) => boolean) | null): void {
    this.#hold = which;
  }

  /** Stops listening and cuts every connection: the server is "restarting". */
  async shut(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.#sockets) socket.destroy();
    await closed;
  }

  /** Listens again on the same port: the server is back. */
  async reopen(): Promise<void> {
    if (this.#server) return;
    const server = createServer((req, res) => {
      this.seen.push(req.url ?? "");
      if (this.#hold?.(req)) return;
      const upstream = forward(
        {
          host: this.#target.hostname,
          port: this.#target.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on("error", () => res.destroy());
      req.pipe(upstream);
    });
    server.on("connection", (socket) => {
      this.#sockets.add(socket);
      socket.on("close", () => this.#sockets.delete(socket));
    });
    // The Socket.IO websocket: the raw upgrade request, then bytes both ways.
    server.on("upgrade", (req, socket, head) => {
      const upstream = connect(Number(this.#target.port), this.#target.hostname, () => {
        const lines = [`${req.method} ${req.url} HTTP/1.1`];
        for (let i = 0; i < req.rawHeaders.length; i += 2)
          lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
        upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
        upstream.write(head);
        upstream.pipe(socket);
        socket.pipe(upstream);
      });
      this.#sockets.add(upstream);
      upstream.on("close", () => this.#sockets.delete(upstream));
      upstream.on("error", () => socket.destroy());
      socket.on("error", () => upstream.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.#port, "127.0.0.1", resolve));
    this.#server = server;
  }
}
