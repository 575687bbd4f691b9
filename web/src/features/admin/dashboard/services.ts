import type { IconName } from "@blueprintjs/core";

// The three sources the Service Monitoring panel watches (the classifieds scraper and
// cleaner, the social-network scraper), with the check paths the gateway serves outside /api.

export interface MonitoredService {
  /** Stable id: test ids and query keys. */
  id: "yad2-scraper" | "yad2-cleaner" | "facebook-scraper";
  /** The {Type} of the card's texts: 'No {type} Preview', '{Type} service is offline'. */
  type: string;
  /** What it does, in the card's words. */
  role: string;
  path: string;
  icon: IconName;
}

export const SERVICES: readonly MonitoredService[] = [
  {
    id: "yad2-scraper",
    type: "Yad2 Scraper",
    role: "Classifieds scraper",
    path: "/yad2/scraper/status",
    icon: "search-template",
  },
  {
    id: "yad2-cleaner",
    type: "Yad2 Cleaner",
    role: "Classifieds cleaner",
    path: "/yad2/cleaner/status",
    icon: "clean",
  },
  {
    id: "facebook-scraper",
    type: "Facebook",
    role: "Social-network scraper",
    path: "/facebook/status",
    icon: "people",
  },
];
