import { BlockedError, SourceError } from "./errors.ts";
import { blockReason, type Fetcher, type RawAnswer } from "./fetcher.ts";
import { describeIssues, type Item, itemAnswerSchema, type Marker, mapFeedSchema } from "./schemas.ts";

/** The map feed's filters we use (docs/PRODUCT.md, Listing sources); unset ones are not sent. */
export interface MapQuery {
  region?: number;
  city?: number;
  neighborhood?: number;
  minPrice?: number;
  maxPrice?: number;
  minRooms?: number;
  maxRooms?: number;
}

export type ItemAnswer = { gone: true } | { gone: false; item: Item };

/** Yad2's gateway: the map feed and item details, checked for blocks and for their shape. */
export class Yad2Client {
  readonly #base: string;
  readonly #fetcher: Fetcher;

  constructor(opts: { baseUrl: string; fetcher: Fetcher }) {
    this.#base = opts.baseUrl.replace(/\/$/, "");
    this.#fetcher = opts.fetcher;
  }

  mapUrl(q: MapQuery): string {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) if (v !== undefined) params.set(k, String(v));
    return `${this.#base}/realestate-feed/rent/map?${params}`;
  }

  async map(q: MapQuery, signal: AbortSignal): Promise<Marker[]> {
    const a = await this.#get(this.mapUrl(q), signal);
    if (a.status !== 200) throw new SourceError(`Yad2 map feed answered HTTP ${a.status}: ${snippet(a)}`);
    const parsed = mapFeedSchema.safeParse(json(a, "map feed"));
    if (!parsed.success)
      throw new SourceError(`Yad2 map feed has an unexpected shape: ${describeIssues(parsed.error)}`);
    return parsed.data.data.markers;
  }

  /** 404, or 200 without the item, means the listing is gone (the cleaner's signal). */
  async item(token: string, signal: AbortSignal): Promise<ItemAnswer> {
    const a = await this.#get(`${this.#base}/realestate-item/${encodeURIComponent(token)}`, signal);
    if (a.status === 404 || a.status === 410) return { gone: true };
    if (a.status !== 200)
      throw new SourceError(`Yad2 item ${token} answered HTTP ${a.status}: ${snippet(a)}`);
    const parsed = itemAnswerSchema.safeParse(json(a, `item ${token}`));
    if (!parsed.success)
      throw new SourceError(`Yad2 item ${token} has an unexpected shape: ${describeIssues(parsed.error)}`);
    const item = parsed.data.data;
    return item ? { gone: false, item } : { gone: true };
  }

  async #get(url: string, signal: AbortSignal): Promise<RawAnswer> {
    let a: RawAnswer;
    try {
      a = await this.#fetcher.get(url, signal);
    } catch (err) {
      signal.throwIfAborted();
      const e = err as Error & { cause?: { code?: string; message?: string } };
      const why = [e.message?.split("\n")[0], e.cause?.code ?? e.cause?.message].filter(Boolean).join(": ");
      throw new SourceError(`Yad2 did not answer: ${why}`, { cause: err });
    }
    const blocked = blockReason(a);
    if (blocked) throw new BlockedError(blocked);
    return a;
  }
}

function json(a: RawAnswer, what: string): unknown {
  try {
    return JSON.parse(a.body);
  } catch {
    throw new SourceError(`Yad2 ${what} is not JSON: ${snippet(a)}`);
  }
}

const snippet = (a: RawAnswer) => JSON.stringify(a.body.slice(0, 120));
