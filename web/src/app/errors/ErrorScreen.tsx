import { Button } from "@blueprintjs/core";
import { PageFrame } from "../../components/PageFrame.tsx";
import { StatusCard } from "../../components/StatusCard.tsx";

// The global error screen. A full reload is the recovery: it refetches the
// bundle (a failed chunk download after a deploy is the common cause) and resets every state.
export function ErrorScreen() {
  return (
    <PageFrame>
      <StatusCard
        icon="error"
        intent="danger"
        title="Oops! Something went wrong."
        description="This page stopped because of an unexpected error. Refreshing usually fixes it."
        action={
          <Button intent="primary" size="large" icon="refresh" onClick={() => window.location.reload()}>
            Refresh Page
          </Button>
        }
      />
    </PageFrame>
  );
}
