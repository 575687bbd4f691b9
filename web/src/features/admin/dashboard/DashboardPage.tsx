import { Classes } from "@blueprintjs/core";
import clsx from "clsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { SourceFigures } from "../monitoring/SourceFigures.tsx";
import { CountCards } from "./CountCards.tsx";
import styles from "./DashboardPage.module.css";
import { ServiceMonitoring } from "./ServiceMonitoring.tsx";

// /admin/dashboard: the three counts, then the services. The page is a
// column of full-width sections, so further panels are appended as one more child.

export function DashboardPage() {
  usePageTitle("Dashboard");
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={clsx(Classes.HEADING, styles.title)}>Dashboard</h1>
        <p className={clsx(Classes.TEXT_MUTED, styles.subtitle)}>
          Users, bots, listings and the scrapers at a glance
        </p>
      </header>
      <CountCards />
      <ServiceMonitoring />
      <SourceFigures />
    </div>
  );
}
