import type { ServiceModule } from "@dirabot/platform";
import { listingsTables } from "../migrations/0001_listings.ts";
import { BrowseRepo } from "./browse.repo.ts";
import { BrowseService } from "./browse.service.ts";
import { seedDemo } from "./demo.ts";
import { GeocodeRepo } from "./geocode.repo.ts";
import { GeocodeService } from "./geocode.service.ts";
import { IngestService } from "./ingest.service.ts";
import { ListingsRepo } from "./listings.repo.ts";
import { routes } from "./server.ts";

/** The listings service: every rental listing, its place, history and duplicates; the browse queries. */
export const listings: ServiceModule = {
  name: "listings",
  schema: "listings",
  migrations: { "0001_listings": listingsTables },
  async start(ctx) {
    const repo = new ListingsRepo(ctx.db);
    const browseRepo = new BrowseRepo(ctx.db);
    const ingest = new IngestService(repo, ctx.outbox);
    const browse = new BrowseService(browseRepo, repo, ctx.outbox);
    const geocoder = new GeocodeService({
      repo: new GeocodeRepo(ctx.db),
      geocoderUrl: ctx.settings.GEOCODER_URL,
      publicUrl: ctx.settings.publicUrl,
      log: ctx.log,
    });
    return {
      routes: routes({ ingest, browse, geocoder }),
      async begin() {
        if (ctx.settings.DEMO && (await browseRepo.isEmpty())) {
          const n = await seedDemo(ingest);
          ctx.log.info({ listings: n }, "DEMO=1 on an empty database: demo listings seeded");
        }
      },
    };
  },
};
