import { bots } from "@dirabot/bots";
import { chat } from "@dirabot/chat";
import { gatewaySettings } from "@dirabot/gateway";
import { identity } from "@dirabot/identity";
import { listings } from "@dirabot/listings";
import { notifications } from "@dirabot/notifications";
import type { AnyServiceModule, SettingsSchema } from "@dirabot/platform";
import { scraperFacebook } from "@dirabot/scraper-facebook";
import { scraperYad2 } from "@dirabot/scraper-yad2";
import { telegram } from "@dirabot/telegram";

/**
 * Every product service module, in start order; `SERVICES` then chooses which of them a process runs.
 */
export const MODULES: AnyServiceModule[] = [
  identity,
  listings,
  bots,
  chat,
  notifications,
  telegram,
  scraperYad2,
  scraperFacebook,
];

/** Every package's own settings: the start checks them all, so a bad one stops any process. */
export const SETTINGS: SettingsSchema[] = [
  ...MODULES.flatMap((m) => (m.settings ? [m.settings] : [])),
  gatewaySettings,
];
