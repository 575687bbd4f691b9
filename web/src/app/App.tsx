import { RouterProvider } from "react-router-dom";
import { UncaughtErrorBanner } from "./errors/UncaughtErrorBanner.tsx";
import { AppProviders } from "./providers.tsx";
import { router } from "./router.tsx";

// The service worker, the browser's install offer and notification clicks start with the app,
// signed in or not; a clicked notification's path is followed by the router, without a reload.
// Loaded after the first screen's code: the push client is not needed to draw a page. Its own
// module, not the feature's index: that also carries the bell and install prompt (a popover and a
// dialog, ~24 KB) the signed-out pages never show.
void import("../features/notifications/startup.ts").then(({ startPwa }) =>
  startPwa((path) => void router.navigate(path)),
);

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
      <UncaughtErrorBanner />
    </AppProviders>
  );
}
