import type { ServiceModule, Subscription } from "@dirabot/platform";
import { botsMigrations } from "../migrations/index.ts";
import { BotsRepo } from "./bots.repo.ts";
import { BotsService } from "./bots.service.ts";
import { MatchRepo } from "./match.repo.ts";
import { registerMatching } from "./matching.ts";
import { registerPriceDrops } from "./price-drops.ts";
import { RecentMatches } from "./recent.ts";
import { routes } from "./server.ts";
import { registerUserEvents } from "./users.ts";

/** The bots service: saved searches and the matching of every new listing against them. */
export const bots: ServiceModule = {
  name: "bots",
  schema: "bots",
  migrations: botsMigrations,
  async start(ctx) {
    const repo = new BotsRepo(ctx.db);
    const match = new MatchRepo();
    const service = new BotsService(repo, ctx.outbox);
    registerMatching(ctx, match);
    registerPriceDrops(ctx);
    registerUserEvents(ctx, service, repo);
    const recent = new RecentMatches(ctx, repo, match);
    let subscriptions: Subscription[] = [];
    return {
      routes: routes(service),
      // Recent matches ask the listings service: they start once every local service is up.
      async begin() {
        subscriptions = await recent.subscribe();
      },
      async stop() {
        await Promise.all(subscriptions.map((s) => s.stop()));
      },
    };
  },
};
