import { type Timestamp, timestampDate } from "@bufbuild/protobuf/wkt";
import type { Client } from "@connectrpc/connect";
import type { ScrapingService, SourceStatus } from "@dirabot/proto/scraping/v1/scraping_pb.js";

/**
 * The scraped sources the status API names (yad2-scraper, yad2-cleaner, facebook-scraper), which service reports each, and the listings' source
 * each brings (freshness). Shared by the gateway's status routes and the notifications service's
 * outage alerts, so both judge a source the same way.
 */
export const SCRAPED_SOURCES = [
  { name: "yad2-scraper", scraper: "scraper-yad2", title: "Yad2 scraper", listings: "yad2" },
  // The cleaner brings no listings: no freshness of its own.
  { name: "yad2-cleaner", scraper: "scraper-yad2", title: "Yad2 cleaner", listings: undefined },
  { name: "facebook-scraper", scraper: "scraper-facebook", title: "Facebook scraper", listings: "facebook" },
] as const;
export type ScrapedSource = (typeof SCRAPED_SOURCES)[number];
export type Scraper = ScrapedSource["scraper"];
export type Scrapers = Partial<Record<Scraper, Client<typeof ScrapingService>>>;

/** One source as a caller sees it: its scraper's report, or why there is none. */
export type Seen = { report: SourceStatus } | { report?: undefined; error: string };

const STATUS_TIMEOUT_MS = 2000;

export const dateOf = (t: Timestamp | undefined) => (t ? timestampDate(t) : null);

/** Asks the scrapers at once, briefly: a scraper that does not answer is reported, not waited for. */
export async function survey(scrapers: Scrapers, which?: Scraper[]): Promise<Map<string, Seen>> {
  const asked = (which ?? (Object.keys(scrapers) as Scraper[])).filter((s) => scrapers[s]);
  const answers = await Promise.all(
    asked.map(async (s) => {
      try {
        const res = await scrapers[s]?.getStatus({}, { timeoutMs: STATUS_TIMEOUT_MS });
        return { s, sources: res?.sources };
      } catch {
        return { s, sources: undefined };
      }
    }),
  );
  const seen = new Map<string, Seen>();
  for (const src of SCRAPED_SOURCES.filter((x) => asked.includes(x.scraper))) {
    const answer = answers.find((a) => a.s === src.scraper)?.sources;
    const report = answer?.find((r) => r.name === src.name);
    seen.set(
      src.name,
      report ? { report } : { error: answer ? "not reported by the service" : "service unreachable" },
    );
  }
  return seen;
}

/** Serving means: online, and the last success is within three poll intervals. Else why not. */
export function verdict(seen: Seen, now: number): string | null {
  if (!seen.report) return seen.error;
  const r = seen.report;
  if (r.state !== "online") return r.lastError || r.state || "offline";
  const success = dateOf(r.lastSuccessAt);
  if (!success) return "no successful run yet";
  if (r.intervalSeconds > 0 && success.getTime() < now - 3 * r.intervalSeconds * 1000)
    return `no successful run since ${success.toISOString()}`;
  return null;
}
