import { PageFrame } from "../../components/PageFrame.tsx";
import { LoadingPage } from "../../features/system/index.ts";

// The loading screen on its own page: while the session is checked and while the first screen's
// code downloads, so the two waits look like one.
export function FullPageLoading() {
  return (
    <PageFrame>
      <LoadingPage />
    </PageFrame>
  );
}
