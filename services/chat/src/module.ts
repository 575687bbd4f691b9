import type { ServiceModule } from "@dirabot/platform";

/** The chat service: one chat per bot, its asset and text messages. */
export const chat: ServiceModule = {
  name: "chat",
  schema: "chat",
  async start() {
    return {};
  },
};
