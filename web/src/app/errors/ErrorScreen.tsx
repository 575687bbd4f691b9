import { Button } from "@blueprintjs/core";
import { PageFrame } from "../../components/PageFrame.tsx";
import { StatusCard } from "../../components/StatusCard.tsx";
import { useTranslation } from "../../i18n/index.ts";

// The global error screen. A full reload is the recovery: it refetches the
// bundle (a failed chunk download after a deploy is the common cause) and resets every state.
export function ErrorScreen() {
  const { t } = useTranslation();
  return (
    <PageFrame>
      <StatusCard
        icon="error"
        intent="danger"
        title={t("errorScreen.title")}
        description={t("errorScreen.description")}
        action={
          <Button intent="primary" size="large" icon="refresh" onClick={() => window.location.reload()}>
            {t("errorScreen.refresh")}
          </Button>
        }
      />
    </PageFrame>
  );
}
