import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { TLV_PLACES } from "./tlv-places.ts";

/**
 * A local stand-in for Yad2's gateway (YAD2_API_URL), speaking the shapes it answers
 * over real HTTP on 127.0.0.1:
 * - `GET /realestate-feed/rent/map?region&city&neighborhood&minPrice&maxPrice&minRooms&maxRooms…`
 *   → `{data: {markers, yad1Markers: [], clusters: []}, message}`; at most 200 markers (newest
 *   first), HTTP 400 on an unknown parameter or a missing region. A missing price counts as 0.
 * - `GET /realestate-item/{token}` → `{data: item}`; 404 once removed (or `{data: null}`).
 * - `block()` answers every request as Radware would, until `unblock()`; `failing()` answers 500.
 * - `start({unknownItems: "alive"})`: tokens it never listed answer as present, so a cleaner under
 *   test never removes other tests' Yad2 listings on a shared database (default: 404, as Yad2).
 *
 * Use: `const yad2 = await Yad2Double.start(); yad2.addListings(450); … YAD2_API_URL: yad2.url`.
 */
export interface DoubleListing {
  token: string;
  orderId: number;
  city: number;
  region: number;
  hoodId: number;
  hood: string;
  street: string;
  house: number;
  floor: number;
  lat: number;
  lon: number;
  /** 0: "call for price". */
  price: number;
  rooms: number;
  size: number;
  adType: "private" | "commercial";
  agencyName?: string;
  contactName: string;
  description: string;
  /** Israel local time, as Yad2 writes it. */
  createdAt: string;
  images: string[];
  removed?: "404" | "empty";
  /**
   * The item page's checkboxes (`inProperty`, Yad2's keys), as a test sets them; unset: an
   * elevator, a safe room above the second floor, no parking.
   */
  inProperty?: Record<string, boolean>;
}

export interface AddOptions {
  city?: number;
  region?: number;
  /** Fixed price, or a range to spread prices over (default 3,000–15,000). */
  price?: number | [number, number];
  rooms?: number;
  agencyShare?: number;
  /** When the listing appeared on Yad2 (its date and its picture's name say so); default a January day. */
  postedAt?: Date;
}

/** Yad2's own writing of a moment: Israel local time, "YYYY-MM-DDTHH:mm:ss". */
export const israelLocal = (d: Date) =>
  new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Asia/Jerusalem",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  })
    .format(d)
    .replace(" ", "T");

export type BlockMode = "captcha" | "redirect" | "403" | "429";

const MAP_PARAMS = new Set(
  "region area city neighborhood bBox zoom minPrice maxPrice minRooms maxRooms minSquaremeter maxSquaremeter minFloor maxFloor property elevator parking balcony airConditioner renovated furniture shelter pets imageOnly priceOnly".split(
    " ",
  ),
);
const CAPTCHA_PAGE = `<!DOCTYPE html><html><head><title>ShieldSquare Captcha</title></head>
<body><h1>Please verify you are a human</h1><p>Radware Bot Manager</p></body></html>`;

export class Yad2Double {
  readonly listings = new Map<string, DoubleListing>();
  /** In every description: a test finds its own listings by searching for it. */
  readonly tag = `y2d${Math.random().toString(36).slice(2, 10)}`;
  /** Every API request, in order (path and query string). */
  readonly requests: Array<{ path: string; query: URLSearchParams }> = [];
  url = "";
  #server: http.Server;
  #blocked: BlockMode | undefined;
  #failing = false;
  #seq = 0;
  #order = 9_000_000;
  readonly #unknownAlive: boolean;

  private constructor(unknownItems: "404" | "alive") {
    this.#unknownAlive = unknownItems === "alive";
    this.#server = http.createServer((req, res) => this.#handle(req, res));
  }

  static async start(opts: { unknownItems?: "404" | "alive" } = {}): Promise<Yad2Double> {
    const d = new Yad2Double(opts.unknownItems ?? "404");
    await new Promise<void>((r) => d.#server.listen(0, "127.0.0.1", r));
    d.url = `http://127.0.0.1:${(d.#server.address() as AddressInfo).port}`;
    return d;
  }

  /** N new listings, spread over real Tel Aviv neighbourhoods (whatever the city code). */
  addListings(n: number, o: AddOptions = {}): DoubleListing[] {
    return Array.from({ length: n }, () => this.#make(o));
  }

  setPrice(token: string, price: number): void {
    this.#get(token).price = price;
  }

  remove(token: string, as: "404" | "empty" = "404"): void {
    this.#get(token).removed = as;
  }

  block(mode: BlockMode = "captcha"): void {
    this.#blocked = mode;
  }

  unblock(): void {
    this.#blocked = undefined;
  }

  /** Every request answers HTTP 500 (Yad2 itself failing, not a block) until `failing(false)`. */
  failing(on = true): void {
    this.#failing = on;
  }

  /** The map-feed queries seen so far. */
  mapRequests(): URLSearchParams[] {
    return this.requests.filter((r) => r.path.endsWith("/map")).map((r) => r.query);
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((r) => this.#server.close(() => r()));
  }

  #get(token: string): DoubleListing {
    const l = this.listings.get(token);
    if (!l) throw new Error(`the double has no listing ${token}`);
    return l;
  }

  #make(o: AddOptions): DoubleListing {
    const i = this.#seq++;
    const place = TLV_PLACES[i % TLV_PLACES.length] as (typeof TLV_PLACES)[number];
    const [lat, lon] = place.points[Math.floor(i / TLV_PLACES.length) % place.points.length] as [
      number,
      number,
    ];
    const [lo, hi] = typeof o.price === "number" ? [o.price, o.price] : (o.price ?? [3000, 15000]);
    const agency = Math.random() < (o.agencyShare ?? 0.3);
    const day = String(1 + (i % 28)).padStart(2, "0");
    const stamp = `202601${day}${String(8 + (i % 12)).padStart(2, "0")}3045`;
    const token = `${Math.random().toString(36).slice(2, 8)}${i.toString(36)}`;
    const l: DoubleListing = {
      token,
      orderId: this.#order++,
      city: o.city ?? 5000,
      region: o.region ?? 3,
      hoodId: place.hoodId,
      hood: place.hood,
      street: place.streets[i % place.streets.length] as string,
      house: 1 + (i % 90),
      floor: i % 9,
      lat: lat + ((i % 7) - 3) * 0.00005,
      lon: lon + ((i % 5) - 2) * 0.00005,
      price: Math.round((lo + Math.random() * (hi - lo)) / 50) * 50,
      rooms: o.rooms ?? 1 + (i % 9) * 0.5,
      size: 35 + (i % 80),
      adType: agency ? "commercial" : "private",
      agencyName: agency ? "נדל״ן העיר" : undefined,
      contactName: agency ? "משרד תיווך" : "דנה",
      description: `דירה מוארת ברחוב ${place.streets[0]}, קרובה לים. ${this.tag}-${i}`,
      createdAt: o.postedAt
        ? israelLocal(o.postedAt)
        : `2026-01-${day}T${String(8 + (i % 12)).padStart(2, "0")}:30:45`,
      images: [
        `https://img.yad2.co.il/Pic/202601/${day}/2_2/o/y2_1_${i}_${o.postedAt ? israelLocal(o.postedAt).replace(/\D/g, "") : stamp}.jpeg`,
      ],
    };
    this.listings.set(token, l);
    return l;
  }

  #handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const u = new URL(req.url ?? "/", this.url);
    const api = u.pathname.startsWith("/realestate");
    if (api) this.requests.push({ path: u.pathname, query: u.searchParams });
    const r = api ? this.#answer(u) : reply(404, { message: "Not Found" });
    const text = typeof r.body === "string" ? r.body : JSON.stringify(r.body);
    const type = typeof r.body === "string" ? "text/html; charset=utf-8" : "application/json";
    res.writeHead(r.status, { "content-type": type, ...r.headers }).end(text);
  }

  #answer(u: URL): Reply {
    if (this.#failing) return reply(500, { message: "Internal Server Error", statusCode: 500 });
    if (this.#blocked === "captcha") return reply(200, CAPTCHA_PAGE);
    if (this.#blocked === "redirect")
      return reply(302, "", { location: "https://validate.perfdrive.com/?ssa=5c3a&ssb=yad2" });
    if (this.#blocked) return reply(Number(this.#blocked), CAPTCHA_PAGE);
    if (u.pathname === "/realestate-feed/rent/map") return this.#map(u.searchParams);
    const item = /^\/realestate-item\/([^/]+)$/.exec(u.pathname);
    if (item) return this.#item(decodeURIComponent(item[1] as string));
    return reply(404, { message: "Not Found" });
  }

  #map(q: URLSearchParams): Reply {
    const unknown = [...q.keys()].find((k) => !MAP_PARAMS.has(k));
    if (unknown) return reply(400, { message: `"${unknown}" is not allowed`, statusCode: 400 });
    if (!q.has("region")) return reply(400, { message: `"region" is required`, statusCode: 400 });
    const n = (k: string) => (q.has(k) ? Number(q.get(k)) : undefined);
    const [city, hood, region] = [n("city"), n("neighborhood"), n("region")];
    const [minP, maxP, minR, maxR] = [n("minPrice"), n("maxPrice"), n("minRooms"), n("maxRooms")];
    const markers = [...this.listings.values()]
      .filter(
        (l) =>
          !l.removed &&
          l.region === region &&
          (city === undefined || l.city === city) &&
          (hood === undefined || l.hoodId === hood) &&
          (minP === undefined || l.price >= minP) &&
          (maxP === undefined || l.price <= maxP) &&
          (minR === undefined || l.rooms >= minR) &&
          (maxR === undefined || l.rooms <= maxR),
      )
      .sort((a, b) => b.orderId - a.orderId)
      .slice(0, 200)
      .map(marker);
    return reply(200, { data: { markers, yad1Markers: [], clusters: [] }, message: "OK" });
  }

  #item(token: string): Reply {
    const l = this.listings.get(token);
    if (!l && this.#unknownAlive)
      return reply(200, { data: { token, metaData: { description: "" } }, message: "OK" });
    if (!l || l.removed === "404") return reply(404, { message: "Not Found", statusCode: 404 });
    if (l.removed === "empty") return reply(200, { data: null, message: "OK" });
    return reply(200, {
      data: {
        ...marker(l),
        metaData: { description: l.description, images: l.images, coverImage: l.images[0] },
        additionalDetails: {
          roomsCount: l.rooms,
          squareMeter: l.size,
          entranceDate: "מיידי",
          buildingTopFloor: 8,
        },
        inProperty: l.inProperty ?? {
          includeElevator: true,
          includeSecurityRoom: l.floor > 2,
          includeParking: false,
          includeBalcony: true,
          includeAirconditioner: true,
          includeFurniture: false,
          includeBoiler: true,
          includeWarehouse: false,
          includeBars: false,
          includeTornado: false,
          isHandicapped: false,
        },
        dates: { createdAt: l.createdAt, updatedAt: l.createdAt, endsAt: "2026-12-31T00:00:00" },
        customer: { name: l.contactName, agencyName: l.agencyName ?? null },
      },
      message: "OK",
    });
  }
}

interface Reply {
  status: number;
  /** A string is sent as HTML, anything else as JSON. */
  body: unknown;
  headers?: Record<string, string>;
}
const reply = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({
  status,
  body,
  headers,
});

/** A map-feed marker in the recorded shape. */
function marker(l: DoubleListing) {
  return {
    token: l.token,
    orderId: l.orderId,
    adType: l.adType,
    categoryId: 2,
    subcategoryId: 2,
    priority: 1,
    ...(l.price > 0 ? { price: l.price } : {}),
    address: {
      region: { id: l.region, text: "מרכז והשרון" },
      city: { text: "תל אביב יפו" },
      area: { text: "אזור תל אביב יפו" },
      neighborhood: { text: l.hood },
      street: { text: l.street },
      house: { number: l.house, floor: l.floor },
      coords: { lat: l.lat, lon: l.lon },
    },
    additionalDetails: {
      roomsCount: l.rooms,
      squareMeter: l.size,
      property: { text: "דירה" },
      propertyCondition: { id: 2 },
    },
    metaData: { coverImage: l.images[0], images: l.images, squareMeterBuild: l.size },
    tags: [],
    ...(l.agencyName ? { customer: { agencyName: l.agencyName, agencyLogo: "" } } : {}),
  };
}
