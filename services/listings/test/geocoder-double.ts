import * as http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local geocoder speaking Nominatim's `/search?format=jsonv2` (coordinates as strings), for
 * tests of the server's geocoding proxy. `places` answers by query text; `requests` counts calls.
 * Browser specs, in another process, add places with `POST /__control/add {query, hits}`.
 */
export class GeocoderDouble {
  readonly requests: string[] = [];
  /** When each search arrived (ms since the epoch), in order. */
  readonly arrivals: number[] = [];
  failing = false;
  #server: http.Server;
  #places: Map<string, { lat: number; lon: number; name: string }[]>;
  private constructor(
    server: http.Server,
    places: Map<string, { lat: number; lon: number; name: string }[]>,
  ) {
    this.#server = server;
    this.#places = places;
  }

  static async start(): Promise<GeocoderDouble> {
    const places = new Map<string, { lat: number; lon: number; name: string }[]>();
    const server = http.createServer();
    const double = new GeocoderDouble(server, places);
    server.on("request", (req, res) => void double.#answer(req, res));
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    return double;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  /** What a query (without the ", Israel" the server appends) should find. */
  add(query: string, hits: { lat: number; lon: number; name: string }[]): void {
    this.#places.set(`${query}, Israel`, hits);
  }

  async #answer(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/__control/add" && req.method === "POST") {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const { query, hits } = JSON.parse(Buffer.concat(chunks).toString()) as {
        query: string;
        hits: { lat: number; lon: number; name: string }[];
      };
      this.add(query, hits);
      res.writeHead(204, { connection: "close" }).end();
      return;
    }
    if (url.pathname !== "/search" || url.searchParams.get("format") !== "jsonv2") {
      res.writeHead(400).end("bad request");
      return;
    }
    const q = url.searchParams.get("q") ?? "";
    this.requests.push(q);
    this.arrivals.push(Date.now());
    if (this.failing) {
      res.writeHead(503).end("unavailable");
      return;
    }
    const hits = this.#places.get(q) ?? [];
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify(
        hits.map((h, i) => ({
          place_id: 1000 + i,
          lat: String(h.lat),
          lon: String(h.lon),
          display_name: h.name,
          category: "highway",
          type: "residential",
        })),
      ),
    );
  }

  close(): Promise<void> {
    return new Promise((ok) => this.#server.close(() => ok()));
  }
}
