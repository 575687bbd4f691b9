import { BROWSER_HEADERS, type Fetcher, type RawAnswer } from "./fetcher.ts";

/**
 * Plain HTTP requests (`SCRAPER_MODE=http`, no browser) with ordinary browser headers. Redirects are followed
 * by hand so a hop to the captcha host is seen (and never taken) instead of silently followed.
 */
export class HttpFetcher implements Fetcher {
  readonly mode = "http" as const;
  readonly #timeoutMs: number;

  constructor(opts: { timeoutMs: number }) {
    this.#timeoutMs = opts.timeoutMs;
  }

  async get(url: string, signal: AbortSignal): Promise<RawAnswer> {
    let target = url;
    for (let hop = 0; ; hop++) {
      const res = await fetch(target, {
        headers: BROWSER_HEADERS,
        redirect: "manual",
        signal: AbortSignal.any([signal, AbortSignal.timeout(this.#timeoutMs)]),
      });
      const location = res.headers.get("location") ?? undefined;
      const contentType = res.headers.get("content-type") ?? "";
      const body = await res.text();
      const redirect = res.status >= 300 && res.status < 400 && location !== undefined;
      if (!redirect || hop >= 3 || /perfdrive\.com/i.test(location))
        return { status: res.status, url: target, location, contentType, body };
      target = new URL(location, target).toString();
    }
  }

  async close(): Promise<void> {}
}
