import { GoHomeButton } from "../../components/GoHomeButton.tsx";
import { StatusCard } from "../../components/StatusCard.tsx";
import { useTranslation } from "../../i18n/index.ts";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusCard
      figure="404"
      title={t("notFound.title")}
      description={t("notFound.description")}
      action={<GoHomeButton />}
    />
  );
}
