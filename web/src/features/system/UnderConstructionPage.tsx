import { GoHomeButton } from "../../components/GoHomeButton.tsx";
import { StatusCard } from "../../components/StatusCard.tsx";
import { useTranslation } from "../../i18n/index.ts";

// Stands in for every screen that has not been built yet (see app/screens.ts).
export default function UnderConstructionPage() {
  const { t } = useTranslation();
  return (
    <StatusCard
      icon="build"
      intent="warning"
      title={t("underConstruction.title")}
      description={t("underConstruction.description")}
      action={<GoHomeButton />}
    />
  );
}
