import { create } from "@bufbuild/protobuf";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { type CallOptions, createClient } from "@connectrpc/connect";
import { bots } from "@dirabot/bots";
import { asActor, launch, type Running } from "@dirabot/platform";
import { countRows, testSettings, trustedTransport, uniqueId, waitFor } from "@dirabot/platform/testing";
import { BotsService } from "@dirabot/proto/bots/v1/bots_pb.js";
import {
  type ListingInput,
  ListingInputSchema,
  ListingsService,
} from "@dirabot/proto/listings/v1/listings_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PhotoDouble } from "../test/photo-double.ts";
import { flatPhoto, reposted } from "../test/photos.ts";
import { listingEventsRecorder } from "../test/recorder.ts";
import { createListings } from "./module.ts";

type Extra = Partial<Omit<ListingInput, "$typeName" | "$unknown" | "source" | "externalId">>;
const FLORENTIN = 205;

/**
 * Photo duplicates: the first photo of each new listing is fetched from its host (a double serving
 * real JPEG and PNG bytes over HTTP) and hashed after ingest; the same photo on another source
 * takes a listing that shares no text with the flat into its group, so bots send it once. A slow
 * or failing photo host never holds the ingest, and is tried again later.
 */
describe("duplicates by the first photo", () => {
  let running: Running;
  let photos: PhotoDouble;
  let listings: ReturnType<typeof createClient<typeof ListingsService>>;
  let botsClient: ReturnType<typeof createClient<typeof BotsService>>;
  const events = listingEventsRecorder();
  const tag = uniqueId();
  const schema = `listings_${tag}`;
  // Photos of this run's own (a shared database keeps other runs' listings and their hashes).
  const seed = Math.floor(Math.random() * 1e9);
  const input = (source: string, id: string, extra: Extra) =>
    create(ListingInputSchema, { source, externalId: `${tag}-${id}`, ...extra });
  const ingest = async (...inputs: ListingInput[]) =>
    (await listings.ingest({ listings: inputs })).outcomes.map((o) => o.id);
  const announced = (id: string | undefined) =>
    waitFor(
      async () =>
        events.seen.find((e) => e.type === "listing.created" && e.payload.listing?.id === id)?.payload
          .listing,
      "the listing's announcement",
    );
  /** The listings a bot has sent (one per duplicate group: the bots' never-twice key). */
  const sentBy = async (botId: string, actor: CallOptions) =>
    (await botsClient.getBot({ id: botId }, actor)).bot?.seenPosts ?? [];

  beforeAll(async () => {
    photos = await PhotoDouble.start();
    // A photo may take 4 s to fetch, a new listing waits 1.5 s at most for it.
    // The photo double listens on 127.0.0.1: a private address the product itself never fetches.
    const timing = {
      fetchTimeoutMs: 4_000,
      pollMs: 200,
      retryBaseMs: 300,
      maxHoldMs: 1_500,
      allowPrivateHosts: true,
    };
    running = await launch(testSettings(), [createListings({ photos: timing, schema }), bots, events.module]);
    listings = createClient(ListingsService, trustedTransport(running));
    botsClient = createClient(BotsService, trustedTransport(running));
  });
  afterAll(async () => {
    await running?.stop();
    await photos?.stop();
  });

  it("takes a post with the flat's photo re-published into its group; the bot that sent the flat sends nothing new", async () => {
    const actor = asActor({ userId: uniqueId(), admin: false, sessionId: "" });
    const min = 100_000 + Math.floor(Math.random() * 800_000); // a price band of this run's own
    const { bot } = await botsClient.createBot({ botName: "photos" }, actor);
    const botId = bot?.id as string;
    await botsClient.updateBot(
      {
        id: botId,
        active: true,
        neighborhoodCodes: [FLORENTIN],
        priceMin: min,
        priceMax: min + 1000,
        minRooms: 1,
      },
      actor,
    );
    const original = await flatPhoto(seed);
    const [yad2] = await ingest(
      input("yad2", "y", {
        neighborhoodCode: FLORENTIN,
        rooms: 3,
        price: min + 500,
        phone: "0541234567",
        street: `ויטל ${tag}`,
        houseNumber: "4",
        description: "דירת 3 חדרים משופצת בפלורנטין",
        images: [photos.add(`${tag}-y.jpg`, original)],
      }),
    );
    await waitFor(
      async () => (await sentBy(botId, actor)).includes(yad2 as string) || undefined,
      "the flat's match",
    );
    const first = (await listings.getListing({ id: yad2 })).firstSeenAt;

    // The same flat on Facebook: no phone, no address, other words; its photo smaller, as PNG.
    const png = await reposted.png(original);
    const other = await flatPhoto(seed + 1);
    const [fb, another] = await ingest(
      input("facebook", "f", {
        neighborhoodCode: FLORENTIN,
        rooms: 3,
        price: min + 520,
        description: "Lovely renovated 3 room flat, available now",
        images: [photos.add(`${tag}-f.png`, png, { type: "image/png" })],
      }),
      input("facebook", "g", {
        neighborhoodCode: FLORENTIN,
        rooms: 3,
        price: min + 510,
        description: "Bright 3 rooms near the market",
        images: [photos.add(`${tag}-g.jpg`, other)],
      }),
    );
    expect((await announced(fb))?.canonicalId).toBe(yad2);
    expect((await announced(another))?.canonicalId).toBe(another);
    // The other flat is the sentinel: once it is sent, the photo duplicate would have been too.
    const sent = await waitFor(async () => {
      const ids = await sentBy(botId, actor);
      return ids.includes(another as string) ? ids : undefined;
    }, "the other flat's match");
    expect(sent.filter((id) => [yad2, fb, another].includes(id))).toEqual([yad2, another]);

    const story = await listings.getListing({ id: fb });
    expect(story.listing?.canonicalId).toBe(yad2);
    expect(story.firstSeenAt && timestampDate(story.firstSeenAt)).toEqual(first && timestampDate(first));
    expect(story.sources.map((s) => s.id)).toEqual([yad2, fb]);
  });

  it("never holds the ingest for a failing photo: announced after the first try, hashed on a retry, then grouped", async () => {
    const original = await flatPhoto(seed + 2);
    const [yad2] = await ingest(
      input("yad2", "y2", { rooms: 4, price: 9100, images: [photos.add(`${tag}-y2.jpg`, original)] }),
    );
    await announced(yad2);
    const copy = await reposted.smallerJpeg(original);
    const url = photos.add(`${tag}-f2.jpg`, copy, { failures: 2 });
    const [fb] = await ingest(input("facebook", "f2", { rooms: 4, price: 9000, images: [url] }));
    // Announced alone after the first failure: a photo host that is down holds nothing for long.
    expect((await announced(fb))?.canonicalId).toBe(fb);
    const joined = await waitFor(async () => {
      const l = (await listings.getListing({ id: fb })).listing;
      return l?.canonicalId === yad2 ? l : undefined;
    }, "the retried photo's group");
    expect(joined.canonicalId).toBe(yad2);
    expect(photos.hits.get(new URL(url).pathname)).toBe(3);
  });

  it("never holds the ingest for a slow photo, nor its announcement for long; a page that is not an image is a failure", async () => {
    const slow = photos.add(`${tag}-slow.jpg`, await flatPhoto(seed + 3), { delayMs: 10_000 });
    const started = performance.now();
    const [a, b] = await ingest(
      input("yad2", "slow", { rooms: 2, price: 5000, images: [slow] }),
      input("yad2", "gone", {
        rooms: 2,
        price: 5100,
        images: [`${slow.replace(/slow\.jpg$/, "")}missing.jpg`],
      }),
    );
    expect(performance.now() - started).toBeLessThan(2_000);
    expect((await announced(b))?.canonicalId).toBe(b);
    // Announced after the longest hold, while its photo is still on its way (the fetch waits 4 s).
    expect((await announced(a))?.canonicalId).toBe(a);
    expect(performance.now() - started).toBeLessThan(3_800);
  });

  it("takes a photo on several flats (a placeholder, a stock shot) for nobody's: it joins no group", async () => {
    const placeholder = photos.add(`${tag}-none.jpg`, await flatPhoto(seed + 4));
    const flats = [4000, 6000, 8000].map((price, i) =>
      input("yad2", `stock-${i}`, { rooms: 2 + i, price, images: [placeholder] }),
    );
    const ids = await ingest(...flats);
    for (const id of ids) await announced(id);
    // All three hashed (a first fetch may fail on a loaded machine and be retried): only then is
    // the photo known to be on three flats.
    await waitFor(async () => {
      const n = await countRows(
        running,
        `SELECT count(*)::int AS n FROM ${schema}.listings WHERE id = ANY($1::uuid[]) AND photo_hash IS NOT NULL`,
        [ids],
      );
      return n === 3 ? true : undefined;
    }, "the three flats' photos hashed");
    const [fb] = await ingest(
      input("facebook", "stock-fb", { rooms: 2, price: 4000, images: [placeholder] }),
    );
    expect((await announced(fb))?.canonicalId).toBe(fb);
  });
});
