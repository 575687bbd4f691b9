import { routerOf } from "@dirabot/geography/routing";
import { ownSettings, type ServiceModule, type Subscription } from "@dirabot/platform";
import { botsMigrations } from "../migrations/index.ts";
import { BotsRepo } from "./bots.repo.ts";
import { BotsService } from "./bots.service.ts";
import type { BotsDb } from "./db.ts";
import { registerLateFacts } from "./late-facts.ts";
import { MatchRepo } from "./match.repo.ts";
import { registerMatching } from "./matching.ts";
import { MembersRepo } from "./members.repo.ts";
import { MembersService } from "./members.service.ts";
import { NearRepo } from "./near.repo.ts";
import { registerPriceDrops } from "./price-drops.ts";
import { RecentMatches } from "./recent.ts";
import { routes } from "./server.ts";
import { botsSettings } from "./settings.ts";
import { TravelTimes } from "./travel-times.ts";
import { registerUserEvents } from "./users.ts";

/** The bots service: saved searches and the matching of every new listing against them. */
export const bots: ServiceModule<BotsDb> = {
  name: "bots",
  schema: "bots",
  migrations: botsMigrations,
  settings: botsSettings,
  async start(ctx) {
    const repo = new BotsRepo(ctx.db);
    const match = new MatchRepo();
    const membersRepo = new MembersRepo(ctx.db);
    const near = new NearRepo();
    const service = new BotsService(repo, ctx.outbox, membersRepo, near);
    const members = new MembersService({ repo, members: membersRepo, bots: service, outbox: ctx.outbox });
    const router = routerOf(ownSettings(ctx.settings, botsSettings));
    const times = new TravelTimes(router, near, ctx.log);
    registerMatching(ctx, match, times);
    registerLateFacts(ctx, match, times);
    registerPriceDrops(ctx);
    registerUserEvents(ctx, service, repo);
    const recent = new RecentMatches(ctx, repo, match, near, times);
    let subscriptions: Subscription[] = [];
    return {
      routes: routes(service, members),
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
export { botsSettings } from "./settings.ts";
