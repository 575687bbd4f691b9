import * as http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A photo host as the sources' CDNs are: real image bytes over HTTP with their content type,
 * 404 for what it does not have. A photo may be made to fail (503) its first `failures` requests
 * or to answer only after `delayMs`; `hits` counts the requests per path.
 */
export class PhotoDouble {
  readonly hits = new Map<string, number>();
  #server: http.Server;
  #photos = new Map<string, { bytes: Buffer; type: string; failures: number; delayMs: number }>();
  #open = new Set<http.ServerResponse>();
  private constructor(server: http.Server) {
    this.#server = server;
  }

  static async start(): Promise<PhotoDouble> {
    const server = http.createServer();
    const double = new PhotoDouble(server);
    server.on("request", (req, res) => double.#answer(req, res));
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    return double;
  }

  /** Serves `bytes` at /photos/<name>; answers its URL. */
  add(
    name: string,
    bytes: Buffer,
    opts: { type?: string; failures?: number; delayMs?: number } = {},
  ): string {
    this.#photos.set(`/photos/${name}`, {
      bytes,
      type: opts.type ?? "image/jpeg",
      failures: opts.failures ?? 0,
      delayMs: opts.delayMs ?? 0,
    });
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/photos/${name}`;
  }

  #answer(req: http.IncomingMessage, res: http.ServerResponse) {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    this.hits.set(path, (this.hits.get(path) ?? 0) + 1);
    const photo = this.#photos.get(path);
    if (!photo) {
      res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>");
      return;
    }
    if (photo.failures > 0) {
      photo.failures--;
      res.writeHead(503, { "content-type": "text/plain" }).end("busy");
      return;
    }
    this.#open.add(res);
    res.on("close", () => this.#open.delete(res));
    setTimeout(() => {
      if (res.destroyed) return;
      res
        .writeHead(200, { "content-type": photo.type, "content-length": photo.bytes.length })
        .end(photo.bytes);
    }, photo.delayMs);
  }

  async stop(): Promise<void> {
    for (const res of this.#open) res.destroy();
    await new Promise<void>((ok) => this.#server.close(() => ok()));
  }
}
