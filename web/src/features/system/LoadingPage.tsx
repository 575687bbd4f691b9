import { Spinner } from "@blueprintjs/core";
import { StatusCard } from "../../components/StatusCard.tsx";
import { useTranslation } from "../../i18n/index.ts";

// Shown while the session is being checked; the text is fixed, as is.
export function LoadingPage() {
  const { t } = useTranslation();
  return (
    <StatusCard
      live
      icon={<Spinner size={40} intent="primary" />}
      title={t("loading.title")}
      description={t("loading.description")}
    />
  );
}
