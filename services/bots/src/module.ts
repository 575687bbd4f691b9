import type { ServiceModule } from "@dirabot/platform";

/** The bots service: saved searches and the matching of every new listing against them. */
export const bots: ServiceModule = {
  name: "bots",
  schema: "bots",
  async start() {
    return {};
  },
};
