import { Button, NonIdealState } from "@blueprintjs/core";
import { useTranslation } from "../../../i18n/index.ts";
import { ApiError } from "../../../lib/api.ts";

// A story that did not load, with the server's message ('Asset not found' for an unknown id). Asking
// again helps only when the server or the network failed, so a 4xx answer offers no retry.

export function StoryError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation("properties");
  const answered = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return (
    <NonIdealState
      icon={answered ? "search" : "error"}
      title={error.message}
      description={answered ? t("story.notFound") : undefined}
      action={
        answered ? undefined : (
          <Button icon="refresh" variant="outlined" onClick={onRetry}>
            {t("page.tryAgain")}
          </Button>
        )
      }
    />
  );
}
