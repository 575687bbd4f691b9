import { Spinner } from "@blueprintjs/core";
import { StatusCard } from "../../components/StatusCard.tsx";

// Shown while the session is being checked; the text is fixed, as is.
export function LoadingPage() {
  return (
    <StatusCard
      live
      icon={<Spinner size={40} intent="primary" />}
      title="Loading..."
      description="Were checking a few things..."
    />
  );
}
