import { bots } from "@dirabot/bots";
import { chat } from "@dirabot/chat";
import { identity } from "@dirabot/identity";
import { listings } from "@dirabot/listings";
import { notifications } from "@dirabot/notifications";
import type { ServiceModule } from "@dirabot/platform";
import { scraperFacebook } from "@dirabot/scraper-facebook";
import { scraperYad2 } from "@dirabot/scraper-yad2";
import { telegram } from "@dirabot/telegram";

/**
 * Every product service module, in start order. Each issue that brings a service adds it here;
 * `SERVICES` then chooses which of them a process runs.
 */
export const MODULES: ServiceModule[] = [
  identity,
  listings,
  bots,
  chat,
  notifications,
  telegram,
  scraperYad2,
  scraperFacebook,
];
