import * as http from "node:http";
import type { AddressInfo } from "node:net";

export interface OsrmPoint {
  lat: number;
  lon: number;
}

/** Seconds from one point to another by a profile; null: no route; undefined: the default. */
export type Durations = (profile: string, from: OsrmPoint, to: OsrmPoint) => number | null | undefined;

/** Road speeds of the default answer (km/h) over 1.4 × the straight line. */
const SPEED: Record<string, number> = { walking: 5, cycling: 15, driving: 40 };

/**
 * A local OSRM speaking its real `/table/v1/{profile}/{lon,lat;…}?sources=…&destinations=…&
 * annotations=duration,distance` API over HTTP: a sources × destinations matrix of durations
 * (seconds) and distances (metres), `{code: "Ok"}`, and OSRM's error shape for a bad query.
 * `durations` decides each pair (tests set the times they mean); `failing` answers 500; every
 * request's path and query is kept in `requests`.
 */
export class OsrmDouble {
  readonly requests: string[] = [];
  failing = false;
  durations: Durations = () => undefined;
  #server: http.Server;
  private constructor(server: http.Server) {
    this.#server = server;
  }

  static async start(): Promise<OsrmDouble> {
    const server = http.createServer();
    const double = new OsrmDouble(server);
    server.on("request", (req, res) => double.#answer(req, res));
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    return double;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((ok) => this.#server.close(() => ok()));
  }

  #answer(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", "http://x");
    this.requests.push(`${url.pathname}${url.search}`);
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (this.failing) return send(500, { code: "InternalError", message: "double told to fail" });
    const m = /^\/table\/v1\/([a-z]+)\/([^/]+)$/.exec(url.pathname);
    if (!m || req.method !== "GET") return send(400, { code: "InvalidUrl", message: "URL string malformed" });
    const profile = m[1] as string;
    const points = (m[2] as string).split(";").map((pair) => {
      const [lon, lat] = pair.split(",").map(Number);
      return { lat: lat as number, lon: lon as number };
    });
    if (points.some((p) => !Number.isFinite(p.lat) || !Number.isFinite(p.lon)))
      return send(400, { code: "InvalidQuery", message: "Query string malformed" });
    const indices = (name: string) => {
      const v = url.searchParams.get(name);
      return v === null || v === "all" ? points.map((_, i) => i) : v.split(";").map(Number);
    };
    const sources = indices("sources");
    const destinations = indices("destinations");
    if ([...sources, ...destinations].some((i) => !Number.isInteger(i) || i < 0 || i >= points.length))
      return send(400, { code: "InvalidOptions", message: "Index out of range" });
    const annotations = (url.searchParams.get("annotations") ?? "duration").split(",");
    const metres = (a: OsrmPoint, b: OsrmPoint) => straightKm(a, b) * 1.4 * 1000;
    const seconds = (a: OsrmPoint, b: OsrmPoint) => {
      const set = this.durations(profile, a, b);
      if (set !== undefined) return set;
      return Math.round((metres(a, b) / 1000 / (SPEED[profile] ?? 40)) * 3600 * 10) / 10;
    };
    const matrix = (f: (a: OsrmPoint, b: OsrmPoint) => number | null) =>
      sources.map((s) => destinations.map((d) => f(points[s] as OsrmPoint, points[d] as OsrmPoint)));
    const waypoint = (i: number) => ({ location: [points[i]?.lon, points[i]?.lat], name: "", distance: 0 });
    send(200, {
      code: "Ok",
      ...(annotations.includes("duration") ? { durations: matrix(seconds) } : {}),
      ...(annotations.includes("distance") ? { distances: matrix(metres) } : {}),
      sources: sources.map(waypoint),
      destinations: destinations.map(waypoint),
    });
  }
}

function straightKm(a: OsrmPoint, b: OsrmPoint): number {
  const r = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(r(b.lat - a.lat) / 2) ** 2 +
    Math.cos(r(a.lat)) * Math.cos(r(b.lat)) * Math.sin(r(b.lon - a.lon) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}
