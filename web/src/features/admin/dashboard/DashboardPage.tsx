import { PageHeader } from "../../../components/PageHeader.tsx";
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
      <PageHeader title="Dashboard" subtitle="Users, bots, listings and the scrapers at a glance" />
      <CountCards />
      <ServiceMonitoring />
      <SourceFigures />
    </div>
  );
}
