import * as z from "zod";
import { isTravelMode, TRAVEL_MODES, type TravelMode } from "./distance.ts";

/** A point as routing takes it. */
export interface Point {
  lat: number;
  lon: number;
}

/** Travel times and road distances between points; null where no route was found. */
export interface Table {
  minutes: (number | null)[][];
  km: (number | null)[][];
}

/** Whatever answers travel times: OSRM in the product, nothing (the estimate) without ROUTING_URL. */
export interface Router {
  /** Which modes it answers; a mode it does not is left to the estimate. */
  readonly modes: readonly TravelMode[];
  table(mode: TravelMode, sources: Point[], destinations: Point[]): Promise<Table>;
}

/** OSRM's /table answer, the parts read here. */
interface OsrmTable {
  code?: string;
  message?: string;
  durations?: (number | null)[][];
  distances?: (number | null)[][];
}

/** Coordinates one /table request carries at most (osrm-routed's default --max-table-size is 100). */
export const OSRM_MAX_POINTS = 100;

/**
 * An OSRM server's `/table/v1/{profile}/…` API (the open-source router): one request for a
 * sources × destinations matrix, asking for durations and distances. The profile segment is the
 * mode's name (`driving`, `cycling`, `walking`): a deployment runs one osrm-routed per profile
 * behind one address, or names in ROUTING_MODES only the one it runs. Any failure (an answer
 * not "Ok", a timeout, a refused connection) is thrown: the caller falls back to the estimate.
 */
export class OsrmRouter implements Router {
  readonly #base: string;
  readonly #timeoutMs: number;
  readonly modes: readonly TravelMode[];
  constructor(baseUrl: string, modes: readonly TravelMode[], timeoutMs = 2000) {
    this.#base = baseUrl.replace(/\/+$/, "");
    this.modes = modes;
    this.#timeoutMs = timeoutMs;
  }

  async table(mode: TravelMode, sources: Point[], destinations: Point[]): Promise<Table> {
    if (!sources.length || !destinations.length) return { minutes: [], km: [] };
    if (sources.length + destinations.length > OSRM_MAX_POINTS)
      throw new Error(`routing: at most ${OSRM_MAX_POINTS} points a table`);
    const points = [...sources, ...destinations];
    const coords = points.map((p) => `${p.lon.toFixed(6)},${p.lat.toFixed(6)}`).join(";");
    const idx = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i).join(";");
    const url = `${this.#base}/table/v1/${mode}/${coords}?sources=${idx(0, sources.length)}&destinations=${idx(sources.length, destinations.length)}&annotations=duration,distance`;
    const res = await fetch(url, { signal: AbortSignal.timeout(this.#timeoutMs) });
    const body = (await res.json().catch(() => ({}))) as OsrmTable;
    if (!res.ok || body.code !== "Ok" || !Array.isArray(body.durations))
      throw new Error(`routing: ${res.status} ${body.code ?? ""} ${body.message ?? ""}`.trim());
    const durations = body.durations;
    return {
      minutes: durations.map((row) => row.map((s) => (typeof s === "number" ? Math.round(s / 60) : null))),
      km: (body.distances ?? durations.map((row) => row.map(() => null))).map((row) =>
        row.map((m) => (typeof m === "number" ? m / 1000 : null)),
      ),
    };
  }
}

/**
 * ROUTING_URL: an OSRM server (unset: no router, the estimate everywhere). ROUTING_MODES: the
 * profiles it answers, in order; the first is the one the listings' distances show.
 */
export const routingSettings = z.object({
  ROUTING_URL: z
    .url({ protocol: /^https?$/, message: "expected an http(s) URL of an OSRM server" })
    .optional(),
  ROUTING_MODES: z
    .string()
    .regex(/^\s*(walking|cycling|driving)(\s*,\s*(walking|cycling|driving))*\s*$/, {
      message: "expected a comma list of walking, cycling, driving",
    })
    .default("driving,cycling,walking"),
});

/** The router the settings name, or undefined without ROUTING_URL. */
export function routerOf(s: z.infer<typeof routingSettings>): Router | undefined {
  if (!s.ROUTING_URL) return undefined;
  const modes = [...new Set(s.ROUTING_MODES.split(",").map((m) => m.trim()))].filter(isTravelMode);
  return new OsrmRouter(s.ROUTING_URL, modes.length ? modes : TRAVEL_MODES);
}
