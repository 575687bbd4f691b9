import { identity } from "@dirabot/identity";
import { listings } from "@dirabot/listings";
import type { ServiceModule } from "@dirabot/platform";
import { scraperFacebook } from "@dirabot/scraper-facebook";
import { scraperYad2 } from "@dirabot/scraper-yad2";
import { telegram } from "@dirabot/telegram";

/**
 * Every product service module, in start order. Each issue that brings a service adds it here;
 * `SERVICES` then chooses which of them a process runs.
 */
export const MODULES: ServiceModule[] = [identity, listings, telegram, scraperYad2, scraperFacebook];
