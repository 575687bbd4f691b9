import { setting } from "@dirabot/platform";
import { browserSettings } from "@dirabot/scraping";
import * as z from "zod";

/** The Facebook scraper's environment: which groups, whose cookies, where, how often. */
export const scraperFacebookSettings = browserSettings.extend({
  FACEBOOK_GROUPS: z
    .string()
    .regex(/^[\w.-]+(,[\w.-]+)*$/, "expected a comma list of group ids")
    .optional(),
  FACEBOOK_COOKIES_FILE: z.string().min(1).optional(),
  FACEBOOK_URL: setting.httpUrl("https://www.facebook.com"),
  FACEBOOK_INTERVAL_SECONDS: setting.seconds().default(300),
});
