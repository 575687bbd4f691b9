/** One answer as it came over the wire, before anything is parsed. */
export interface RawAnswer {
  status: number;
  /** Where the answer came from after any redirect the transport followed. */
  url: string;
  /** A redirect target the transport did not follow. */
  location?: string;
  contentType: string;
  body: string;
}

/** How pages are fetched: plain HTTP requests, or loading them in headless Chromium. */
export interface Fetcher {
  readonly mode: "http" | "browser";
  get(url: string, signal: AbortSignal): Promise<RawAnswer>;
  /** A PNG of the last page (browser mode only). */
  snapshot?(): Promise<Uint8Array | undefined>;
  close(): Promise<void>;
}

// What a current desktop Chrome on Windows sends; Yad2's bot manager scores odd clients.
export const BROWSER_HEADERS: Record<string, string> = {
  Accept: "application/json, text/plain, */*",
  "Accept-Language": "he-IL,he;q=0.9,en-US;q=0.8,en;q=0.7",
  Origin: "https://www.yad2.co.il",
  Referer: "https://www.yad2.co.il/",
  "User-Agent":
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
};

const TITLE = /<title[^>]*>([^<]*)<\/title>/i;

/**
 * Signs of Radware / ShieldSquare instead of Yad2 (docs/PRODUCT.md, Listing sources); undefined when the
 * answer is Yad2's own. A 404 page is Yad2's "gone", not a block.
 */
export function blockReason(a: RawAnswer): string | undefined {
  if (a.status === 403) return "HTTP 403 (forbidden by the bot manager)";
  if (a.status === 429) return "HTTP 429 (too many requests)";
  const target = `${a.location ?? ""} ${a.url}`;
  if (/perfdrive\.com/i.test(target)) return "redirected to validate.perfdrive.com (captcha)";
  const title = TITLE.exec(a.body)?.[1]?.trim() ?? "";
  if (/ShieldSquare|Radware|captcha/i.test(title)) return `captcha page ("${title}")`;
  const html = /html/i.test(a.contentType) || /^\s*</.test(a.body);
  if (a.status >= 200 && a.status < 300 && html) return "HTML answer where JSON was expected";
  return undefined;
}
