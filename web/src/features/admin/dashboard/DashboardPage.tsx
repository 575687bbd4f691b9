import { Classes } from "@blueprintjs/core";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { SourceFigures } from "../monitoring/SourceFigures.tsx";
import { CountCards } from "./CountCards.tsx";
import { ServiceMonitoring } from "./ServiceMonitoring.tsx";
import "./dashboard.css";

// /admin/dashboard: the three counts, then the services. The page is a
// column of full-width sections, so further panels are appended as one more child.

export function DashboardPage() {
  usePageTitle("Dashboard");
  return (
    <div className="dashboard-page">
      <header className="dashboard-page__header">
        <h1 className={`${Classes.HEADING} dashboard-page__title`}>Dashboard</h1>
        <p className={`${Classes.TEXT_MUTED} dashboard-page__subtitle`}>
          Users, bots, listings and the scrapers at a glance
        </p>
      </header>
      <CountCards />
      <ServiceMonitoring />
      <SourceFigures />
    </div>
  );
}
