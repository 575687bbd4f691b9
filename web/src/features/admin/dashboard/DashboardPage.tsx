import { PageHeader } from "../../../components/PageHeader.tsx";
import { useTranslation } from "../../../i18n/index.ts";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { SourceFigures } from "../monitoring/SourceFigures.tsx";
import { CountCards } from "./CountCards.tsx";
import styles from "./DashboardPage.module.css";
import { ServiceMonitoring } from "./ServiceMonitoring.tsx";

// /admin/dashboard: the three counts, then the services. The page is a
// column of full-width sections, so further panels are appended as one more child.

export function DashboardPage() {
  const { t } = useTranslation("admin");
  usePageTitle(t("dashboard.title"));
  return (
    <div className={styles.page}>
      <PageHeader title={t("dashboard.title")} subtitle={t("dashboard.subtitle")} />
      <CountCards />
      <ServiceMonitoring />
      <SourceFigures />
    </div>
  );
}
