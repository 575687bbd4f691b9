import { type Scraper, type Scrapers, type Seen, survey } from "@dirabot/sources";

/** How long one answer of a scraper serves the public checks. */
export const SURVEY_TTL_MS = 2000;

/**
 * The scrapers' answers to the public checks, each kept for a moment and shared by the checks
 * asked meanwhile (the one in flight too): a flood of checks is one question a scraper every
 * SURVEY_TTL_MS, not one each. survey() never rejects, so a held answer is always one to give.
 */
export function heldSurvey(scrapers: Scrapers, ttlMs = SURVEY_TTL_MS) {
  const held = new Map<Scraper, { at: number; seen: Promise<Map<string, Seen>> }>();
  return (scraper: Scraper): Promise<Map<string, Seen>> => {
    const now = Date.now();
    const last = held.get(scraper);
    if (last && now - last.at < ttlMs) return last.seen;
    const seen = survey(scrapers, [scraper]);
    held.set(scraper, { at: now, seen });
    return seen;
  };
}
