import * as http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local geocoder speaking Nominatim's /search (format=jsonv2: coordinates as strings). A query
 * containing a known street answers its place; `failing` answers 503 like an overloaded server.
 */
export class GeocoderDouble {
  readonly url: string;
  readonly queries: string[] = [];
  failing = false;
  #server: http.Server;
  #places = new Map<string, { lat: number; lon: number; name: string }>();

  private constructor(server: http.Server) {
    this.#server = server;
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  static async start(): Promise<GeocoderDouble> {
    let double: GeocoderDouble | undefined;
    const server = http.createServer((req, res) => double?.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    double = new GeocoderDouble(server);
    return double;
  }

  /** Queries that contain `street` answer this place. */
  place(street: string, lat: number, lon: number, name = `${street}, ישראל`): void {
    this.#places.set(street, { lat, lon, name });
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise((r) => this.#server.close(r));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", this.url);
    if (url.pathname !== "/search") {
      res.writeHead(404).end();
      return;
    }
    const q = url.searchParams.get("q") ?? "";
    this.queries.push(q);
    if (this.failing) {
      res.writeHead(503, { "content-type": "text/plain" }).end("overloaded");
      return;
    }
    const hits = [...this.#places].filter(([street]) => q.includes(street));
    const body = hits.map(([, p], i) => ({
      place_id: 1000 + i,
      lat: String(p.lat),
      lon: String(p.lon),
      display_name: p.name,
      category: "highway",
      type: "residential",
    }));
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  }
}
