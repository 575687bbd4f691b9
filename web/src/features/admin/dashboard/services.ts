import type { IconName } from "@blueprintjs/core";

// The three sources the Service Monitoring panel watches (the classifieds scraper and
// cleaner, the social-network scraper), with the check paths the gateway serves outside /api.
// Each one's {Type} ('No {type} Preview', '{Type} service is offline') and what it does are in the
// admin catalogue under services.<id>.

export interface MonitoredService {
  /** Stable id: test ids, query keys and catalogue keys. */
  id: "yad2-scraper" | "yad2-cleaner" | "facebook-scraper";
  path: string;
  icon: IconName;
}

export const SERVICES: readonly MonitoredService[] = [
  { id: "yad2-scraper", path: "/yad2/scraper/status", icon: "search-template" },
  { id: "yad2-cleaner", path: "/yad2/cleaner/status", icon: "clean" },
  { id: "facebook-scraper", path: "/facebook/status", icon: "people" },
];
