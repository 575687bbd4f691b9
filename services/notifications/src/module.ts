import type { ServiceModule } from "@dirabot/platform";

/** The notifications service: in-app notifications and their read state. */
export const notifications: ServiceModule = {
  name: "notifications",
  schema: "notifications",
  async start() {
    return {};
  },
};
