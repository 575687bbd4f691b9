import { Button, Classes } from "@blueprintjs/core";
import { useIsFetching } from "@tanstack/react-query";
import { dashboardKey } from "./api.ts";
import { ServiceCard } from "./ServiceCard.tsx";
import { SERVICES } from "./services.ts";
import { useRefreshDashboard } from "./useDashboard.ts";

// The Service Monitoring panel: a status card per source and the manual refresh.

export function ServiceMonitoring() {
  const refresh = useRefreshDashboard();
  const checking = useIsFetching({ queryKey: [...dashboardKey, "status"] }) > 0;
  return (
    <section className="dashboard-section" aria-labelledby="service-monitoring">
      <header className="dashboard-section__head">
        <div>
          <h2 id="service-monitoring" className={`${Classes.HEADING} dashboard-section__title`}>
            Service Monitoring
          </h2>
          <p className={`${Classes.TEXT_MUTED} dashboard-section__subtitle`}>
            Checked on opening and every 30 seconds
          </p>
        </div>
        <Button icon="refresh" text="Refresh" loading={checking} onClick={refresh} />
      </header>
      <div className="service-grid">
        {SERVICES.map((service) => (
          <ServiceCard key={service.id} service={service} />
        ))}
      </div>
    </section>
  );
}
