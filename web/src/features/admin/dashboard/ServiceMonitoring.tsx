import { Button, Classes } from "@blueprintjs/core";
import { useIsFetching } from "@tanstack/react-query";
import clsx from "clsx";
import { useTranslation } from "../../../i18n/index.ts";
import { dashboardKey } from "./api.ts";
import { ServiceCard } from "./ServiceCard.tsx";
import styles from "./ServiceMonitoring.module.css";
import { SERVICES } from "./services.ts";
import shared from "./shared.module.css";
import { useRefreshDashboard } from "./useDashboard.ts";

// The Service Monitoring panel: a status card per source and the manual refresh.

export function ServiceMonitoring() {
  const { t } = useTranslation("admin");
  const refresh = useRefreshDashboard();
  const checking = useIsFetching({ queryKey: [...dashboardKey, "status"] }) > 0;
  return (
    <section className={shared.section} aria-labelledby="service-monitoring">
      <header className={shared.head}>
        <div>
          <h2 id="service-monitoring" className={clsx(Classes.HEADING, shared.title)}>
            {t("services.title")}
          </h2>
          <p className={clsx(Classes.TEXT_MUTED, shared.subtitle)}>{t("services.subtitle")}</p>
        </div>
        <Button icon="refresh" text={t("services.refresh")} loading={checking} onClick={refresh} />
      </header>
      <div className={styles.grid}>
        {SERVICES.map((service) => (
          <ServiceCard key={service.id} service={service} />
        ))}
      </div>
    </section>
  );
}
