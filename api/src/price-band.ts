import * as z from "zod";
import { route } from "./contract.ts";

// The price band of similar flats: the add-bot wizard's default price range for the
// areas and rooms chosen. Kept apart from assets.ts, whose list query grows on its own.

const CODES = "neighborhoodCodes must be 1 to 50 neighbourhood codes, comma-separated whole numbers";
const ROOMS = "rooms must be a whole number from 1 to 10";

const once = (name: string) => z.string({ error: `${name} must be given once` });

export const PriceBandQuery = z.object({
  neighborhoodCodes: z.preprocess(
    (v) => (v === undefined ? "" : v),
    once("neighborhoodCodes")
      .regex(/^-?\d{1,10}(,-?\d{1,10}){0,49}$/, CODES)
      .transform((s) => [...new Set(s.split(",").map(Number))])
      .refine((codes) => codes.every((n) => Number.isSafeInteger(n) && Math.abs(n) <= 2_147_483_647), CODES),
  ),
  rooms: z.preprocess(
    (v) => (v === "" || v === undefined ? "1" : v),
    once("rooms")
      .regex(/^\d{1,2}$/, ROOMS)
      .transform(Number)
      .refine((n) => n >= 1 && n <= 10, ROOMS),
  ),
});
export type PriceBandQuery = z.input<typeof PriceBandQuery>;

export const PriceBand = z
  .strictObject({
    /** The 25th and 75th percentile of the asking prices in ₪ a month; null when count is 0. */
    low: z.number().int().nullable(),
    high: z.number().int().nullable(),
    /** How many listings the band is drawn from. */
    count: z.number().int(),
  })
  .meta({ id: "PriceBand" });
export type PriceBand = z.infer<typeof PriceBand>;

export const priceBandRoutes = {
  priceBand: route({
    method: "get",
    path: "/api/assets/price-band",
    summary:
      "The price band of similar flats: the 25th–75th percentile of the asking prices of the shown, active whole flats for long-term rent in ?neighborhoodCodes=1,2 (comma-separated, 1–50) with at least ?rooms= (1–10, default 1) rooms; {low, high, count}, low and high null when there is none",
    query: PriceBandQuery,
    responses: { 200: PriceBand, 400: "Malformed neighborhoodCodes or rooms", 401: "Not signed in" },
  }),
} as const;
