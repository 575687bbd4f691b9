import { createClient } from "@connectrpc/connect";
import type { Running } from "@dirabot/platform";
import { trustedTransport as transport } from "@dirabot/platform/testing";
import { type Listing, ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import { ScrapingService } from "@dirabot/proto/scraping/v1/scraping_pb.js";

export const listingsOf = (running: Running) => createClient(ListingsService, transport(running));
export const scrapingOf = (running: Running) => createClient(ScrapingService, transport(running));

/** What a user browsing the product sees of one double's listings (found by its tag), by token. */
export async function browse(running: Running, tag: string): Promise<Map<string, Listing>> {
  const client = listingsOf(running);
  const seen = new Map<string, Listing>();
  for (let page = 1; ; page++) {
    const r = await client.listListings({ filter: { searchText: tag }, page, limit: 200 });
    for (const l of r.listings) seen.set(l.externalId, l);
    if (r.listings.length < 200) return seen;
  }
}

/** One source's status as GetStatus answers it. */
export async function statusOf(running: Running, name: string) {
  const { sources } = await scrapingOf(running).getStatus({});
  const s = sources.find((x) => x.name === name);
  if (!s) throw new Error(`GetStatus has no ${name}`);
  return s;
}

/** Leaves the shared database as it was: the double's listings are marked removed. */
export async function forget(running: Running, tokens: string[]): Promise<void> {
  if (tokens.length === 0) return;
  await listingsOf(running).recordChecks({
    source: "yad2",
    results: tokens.map((externalId) => ({ externalId, outcome: "removed" })),
  });
}
