import { routingSettings } from "@dirabot/geography/routing";

/** The bots service's environment: the router its travel-time conditions ask (none: the estimate). */
export const botsSettings = routingSettings;
