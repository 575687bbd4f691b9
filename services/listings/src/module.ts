import { ownSettings, type ServiceModule } from "@dirabot/platform";
import { listingsTables } from "../migrations/0001_listings.ts";
import { storyTables } from "../migrations/0002_story.ts";
import { browseBox } from "../migrations/0003_browse_box.ts";
import { facts } from "../migrations/0004_facts.ts";
import { photoHash } from "../migrations/0005_photo_hash.ts";
import { entryDate } from "../migrations/0006_entry_date.ts";
import { factChanges } from "../migrations/0007_fact_changes.ts";
import { BrowseRepo } from "./browse.repo.ts";
import { BrowseService } from "./browse.service.ts";
import type { ListingsDb } from "./db.ts";
import { seedDemo } from "./demo.ts";
import { GeocodeRepo } from "./geocode.repo.ts";
import { GeocodeService, type GeocodeTiming } from "./geocode.service.ts";
import { IngestService } from "./ingest.service.ts";
import { ListingsRepo } from "./listings.repo.ts";
import { PhotosRepo } from "./photos.repo.ts";
import { PhotoHasher, type PhotoTiming } from "./photos.service.ts";
import { routes } from "./server.ts";
import { listingsSettings } from "./settings.ts";
import { SignalRepo } from "./signal.repo.ts";
import { PriceSignals, type SignalTiming } from "./signal.service.ts";
import { StoryRepo } from "./story.repo.ts";
import { StoryService } from "./story.service.ts";
import { WarningsRepo } from "./warnings.repo.ts";
import { WarningsService } from "./warnings.service.ts";

/** Where browsing stops counting one by one and sending each point (tests set small ones). */
export interface ListingsOptions {
  /** A list's total is exact up to this many, the planner's estimate past it. */
  exactUpTo?: number;
  /** The map sends every listing in view up to this many, grid cells past it. */
  mapPoints?: number;
  /** How often the price signal's area medians are recomputed in full (SignalTiming). */
  signals?: SignalTiming;
  /** How the geocoder shares its upstream and bounds its cache (GeocodeTiming). */
  geocoder?: GeocodeTiming;
  /** How photo hashing fetches and retries (PhotoTiming). */
  photos?: PhotoTiming;
  /**
   * Tests on a shared database: tables of their own, so no other test process's listings service
   * takes their photos from the hashing queue (each with its own timing).
   */
  schema?: string;
}

/** The listings service: every rental listing, its place, history and duplicates; the browse queries. */
export const createListings = (options: ListingsOptions = {}): ServiceModule<ListingsDb> => ({
  name: "listings",
  schema: options.schema ?? "listings",
  settings: listingsSettings,
  migrations: {
    "0001_listings": listingsTables,
    "0002_story": storyTables,
    "0003_browse_box": browseBox,
    "0004_facts": facts,
    "0005_photo_hash": photoHash,
    "0006_entry_date": entryDate,
    "0007_fact_changes": factChanges,
  },
  async start(ctx) {
    const own = ownSettings(ctx.settings, listingsSettings);
    const schema = options.schema ?? "listings";
    const repo = new ListingsRepo(ctx.db, schema);
    const browseRepo = new BrowseRepo(ctx.db, options.exactUpTo);
    const signals = new PriceSignals(new SignalRepo(ctx.db, schema), ctx.log, options.signals);
    const warnings = new WarningsService(new WarningsRepo(ctx.db, schema));
    const photos = new PhotosRepo(ctx.db, schema);
    // The hasher announces what ingest held for its photo; ingest wakes the hasher.
    let hasher: PhotoHasher | undefined;
    const ingest = new IngestService(
      repo,
      ctx.outbox,
      (hoods) => signals.refreshHoods(hoods),
      { signals, warnings },
      { repo: photos, kick: () => hasher?.kick() },
    );
    hasher = new PhotoHasher({
      photos,
      listings: repo,
      announce: (trx, rows) => ingest.announceCreated(trx, rows),
      announced: () => ctx.outbox.kick(),
      log: ctx.log,
      // Private photo hosts only when this module or the deployment names them (PHOTO_PRIVATE_HOSTS).
      timing: {
        allowPrivateHosts: own.PHOTO_PRIVATE_HOSTS?.split(",") ?? false,
        ...options.photos,
      },
    });
    const browse = new BrowseService(browseRepo, repo, ctx.outbox, options.mapPoints);
    const story = new StoryService(browse, new StoryRepo(ctx.db, schema), signals, warnings);
    const geocoder = new GeocodeService({
      repo: new GeocodeRepo(ctx.db),
      geocoderUrl: own.GEOCODER_URL,
      publicUrl: ctx.settings.publicUrl,
      log: ctx.log,
      redisUrl: ctx.settings.REDIS_URL,
      timing: options.geocoder,
    });
    return {
      routes: routes({ ingest, browse, geocoder, story, signals, warnings }),
      async begin() {
        if (ctx.settings.DEMO && (await browseRepo.isEmpty())) {
          const n = await seedDemo(ingest);
          ctx.log.info({ listings: n }, "DEMO=1 on an empty database: demo listings seeded");
        }
        hasher?.start();
      },
      stop: async () => {
        await hasher?.stop();
        await signals.stop();
        await geocoder.close();
      },
    };
  },
});

export const listings: ServiceModule<ListingsDb> = createListings();
export { listingsSettings } from "./settings.ts";
