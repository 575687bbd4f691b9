import { botsSettings } from "@dirabot/bots";
import { loadSettings, ownSettings } from "@dirabot/platform";
import { scraperYad2Settings } from "@dirabot/scraper-yad2";
import { describe, expect, it } from "vitest";
import { SETTINGS } from "./services.ts";

// Each package declares its own settings; the start checks them all at once, so a bad value of
// any package stops any process with its one line, as before a package owned them.
describe("the product's settings", () => {
  it("gives each package's defaults on an empty environment", () => {
    const s = loadSettings({}, SETTINGS);
    expect(ownSettings(s, scraperYad2Settings)).toMatchObject({ YAD2_CITIES: "5000", SCRAPER_MODE: "http" });
    // No router unless one is named: distances are the straight line and the estimate.
    expect(ownSettings(s, botsSettings)).toEqual({ ROUTING_MODES: "driving,cycling,walking" });
  });

  it("stops on a bad value of any package with one line naming the variable", () => {
    const bad: [string, string, RegExp][] = [
      ["SCRAPER_MODE", "magic", /^SCRAPER_MODE: expected http or browser/],
      ["YAD2_CITIES", "tel aviv", /^YAD2_CITIES: expected a comma list of city codes/],
      ["FACEBOOK_INTERVAL_SECONDS", "0", /^FACEBOOK_INTERVAL_SECONDS: /],
      ["TELEGRAM_BOT_TOKEN", "abc", /^TELEGRAM_BOT_TOKEN: expected a Bot API token/],
      ["VAPID_SUBJECT", "admin", /^VAPID_SUBJECT: expected mailto: or https:\/\//],
      [
        "SOURCE_ALERT_AFTER_MINUTES",
        "0",
        /^SOURCE_ALERT_AFTER_MINUTES: expected a number of minutes above 0/,
      ],
      ["ADMIN_EMAIL", "root", /^ADMIN_EMAIL: expected an email address/],
      ["GEOCODER_URL", "nominatim", /^GEOCODER_URL: expected an http\(s\) URL/],
      ["GOOGLE_ISSUER", "google", /^GOOGLE_ISSUER: expected an http\(s\) URL/],
      ["ROUTING_URL", "osrm:5000", /^ROUTING_URL: expected an http\(s\) URL of an OSRM server/],
      ["ROUTING_URL", "ftp://osrm", /^ROUTING_URL: expected an http\(s\) URL of an OSRM server/],
      ["ROUTING_MODES", "car", /^ROUTING_MODES: expected a comma list of walking, cycling, driving/],
    ];
    for (const [name, value, line] of bad) {
      expect(() => loadSettings({ [name]: value }, SETTINGS)).toThrowError(line);
      expect(() => loadSettings({ [name]: value }, SETTINGS)).toThrowError(
        new RegExp(`\\(got "${value}"\\)$`),
      );
    }
  });
});
