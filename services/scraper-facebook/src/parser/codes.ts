/**
 * Neighbourhood name → the product's neighbourhood code, through the platform's
 * geography table (`neighborhoodByName`, which compares normalised names and answers
 * nothing for a name that fits two places). The alias table emits official names, so
 * this is a lookup, never a guess: `הצפון הישן` (north and south parts) has no code.
 */
import { neighborhoodByName } from "@dirabot/geography";

/** The parser's city values → CBS city codes (Jaffa is part of Tel Aviv-Yafo, 5000). */
const CITY_CODES: Record<string, number> = {
  "תל אביב יפו": 5000,
  "תל אביב": 5000,
  יפו: 5000,
  "רמת גן": 8600,
  גבעתיים: 6300,
};

export function neighborhoodCode(name: string, city: string): number | null {
  const cityCode = CITY_CODES[city];
  if (cityCode === undefined) return null;
  return neighborhoodByName(name, cityCode)?.code ?? null;
}
