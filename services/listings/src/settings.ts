import { setting } from "@dirabot/platform";
import * as z from "zod";

/** The listings service's environment: the geocoder, and the photo hosts it may fetch from. */
export const listingsSettings = z.object({
  GEOCODER_URL: setting.httpUrl("https://nominatim.openstreetmap.org"),
  /**
   * Listing photos come from scraped pages: they are fetched from public addresses only. A photo
   * host on a private address (a test double) is named here, `host` or `host:port`, comma-separated.
   */
  PHOTO_PRIVATE_HOSTS: z
    .string()
    .regex(
      /^([\w.-]+|\[[\da-f:]+\])(:\d+)?(,([\w.-]+|\[[\da-f:]+\])(:\d+)?)*$/i,
      "expected host or host:port, comma-separated",
    )
    .optional(),
});
