import { type Client, Code, ConnectError } from "@connectrpc/connect";
import type { Logger } from "@dirabot/platform";
import type { ListingInput, ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import type { RawPost } from "./group-reader.ts";
import { inIsrael, type Parsed, placeQuery, toListingInput } from "./posts.ts";
import type { Figures, StateRepo } from "./state.repo.ts";

export type Listings = Client<typeof ListingsService>;

export interface TakeDeps {
  repo: StateRepo;
  listings: Listings;
  parse(text: string, options?: { postedAt?: Date }): Parsed;
  log: Logger;
  baseUrl: string;
  batchSize: number;
}

/** An error's first line, short: for the status, where Playwright's call logs do not belong. */
export const firstLine = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).split("\n")[0]?.slice(0, 200) ?? "failed";

/**
 * Turns a group's new posts into listings: each is parsed, not-offers are counted and set aside,
 * offers get coordinates when the post names a street, and go to ListingsService.Ingest in
 * batches. A post is marked taken only once listings has it, so a failed batch is read again.
 */
export class PostTaker {
  #d: TakeDeps;
  /** The geocoder failed in this run: the rest of the run does without (each try may cost seconds). */
  #geocoderDown = false;

  constructor(deps: TakeDeps) {
    this.#d = deps;
  }

  newRun(): void {
    this.#geocoderDown = false;
  }

  /** Adds the group's figures to `f`; returns an error line when listings could not take them. */
  async take(groupId: string, posts: RawPost[], f: Figures): Promise<string | undefined> {
    const { repo, log } = this.#d;
    f.fetched += posts.length;
    const seen = await repo.seenAmong(
      groupId,
      posts.map((p) => p.id),
    );
    const notOffers: Array<{ id: string; kind: string }> = [];
    const inputs: ListingInput[] = [];
    for (const post of posts.filter((p) => !seen.has(p.id))) {
      let parsed: Parsed;
      try {
        parsed = this.#d.parse(post.text, { postedAt: post.postedAt });
      } catch (err) {
        f.failed++; // not marked taken: a fixed parser reads it next run
        log.warn({ err, post: post.id }, "post parser failed");
        continue;
      }
      if (parsed.kind === "not_offer") {
        f.skipped++;
        notOffers.push({ id: post.id, kind: parsed.kind });
        continue;
      }
      const input = toListingInput(post, parsed, this.#d.baseUrl);
      await this.#locate(input);
      inputs.push(input);
    }
    await repo.markSeen(groupId, notOffers);
    let error: string | undefined;
    for (let at = 0; at < inputs.length; at += this.#d.batchSize) {
      const batch = inputs.slice(at, at + this.#d.batchSize);
      try {
        const res = await this.#d.listings.ingest({ listings: batch });
        for (const o of res.outcomes) {
          if (o.status === "created") f.new++;
          else if (o.status === "updated") f.updated++;
          else if (o.status !== "unchanged") f.failed++; // refused as invalid: reading it again changes nothing
        }
        await repo.markSeen(
          groupId,
          batch.map((i) => ({ id: i.externalId, kind: i.kind ?? "" })),
        );
      } catch (err) {
        f.failed += batch.length;
        error = `listings: ${firstLine(err)}`;
        log.warn({ err, group: groupId }, "ingest failed; the posts are read again next run");
      }
    }
    return error;
  }

  /** Coordinates for a post that names a street; a failing geocoder never stops the ingest. */
  async #locate(input: ListingInput): Promise<void> {
    const query = placeQuery(input);
    if (!query || this.#geocoderDown || input.lat !== undefined) return;
    try {
      const { places } = await this.#d.listings.geocode({ query });
      const hit = places.find((p) => inIsrael(p.lat, p.lon));
      if (hit) {
        input.lat = hit.lat;
        input.lon = hit.lon;
      }
    } catch (err) {
      if (ConnectError.from(err).code === Code.InvalidArgument) return; // this query only
      this.#geocoderDown = true;
      this.#d.log.warn({ err, query }, "geocoder failed; this run goes on without coordinates");
    }
  }
}
