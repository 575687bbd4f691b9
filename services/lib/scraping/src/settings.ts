import * as z from "zod";

/** Where the scrapers' browser mode finds Debian's Chromium (browsers are never downloaded). */
export const browserSettings = z.object({
  CHROME_PATH: z.string().min(1).default("/usr/bin/chromium"),
});
