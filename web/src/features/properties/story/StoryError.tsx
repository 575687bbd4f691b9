import { Button, NonIdealState } from "@blueprintjs/core";
import { ApiError } from "../../../lib/api.ts";

// A story that did not load, with the server's message ('Asset not found' for an unknown id). Asking
// again helps only when the server or the network failed, so a 4xx answer offers no retry.

export function StoryError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const answered = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return (
    <NonIdealState
      icon={answered ? "search" : "error"}
      title={error.message}
      description={answered ? "The listing may have been removed, or the link is wrong." : undefined}
      action={
        answered ? undefined : (
          <Button icon="refresh" variant="outlined" onClick={onRetry}>
            Try again
          </Button>
        )
      }
    />
  );
}
