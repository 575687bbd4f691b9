import { setting } from "@dirabot/platform";
import { browserSettings } from "@dirabot/scraping";
import * as z from "zod";

/** The Yad2 scraper's environment: where Yad2 answers, which cities, how often, and how it fetches. */
export const scraperYad2Settings = browserSettings.extend({
  YAD2_API_URL: setting.httpUrl("https://gw.yad2.co.il"),
  YAD2_CITIES: z
    .string()
    .regex(/^\d+(,\d+)*$/, "expected a comma list of city codes")
    .default("5000"),
  YAD2_INTERVAL_SECONDS: setting.seconds().default(120),
  CLEANER_INTERVAL_SECONDS: setting.seconds().default(3600),
  SCRAPER_MODE: z.enum(["http", "browser"], { message: "expected http or browser" }).default("http"),
});
