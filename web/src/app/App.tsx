import type { QueryClient } from "@tanstack/react-query";
import { RouterProvider, type RouterProviderProps } from "react-router-dom";
import { UncaughtErrorBanner } from "./errors/UncaughtErrorBanner.tsx";
import { AppProviders } from "./providers.tsx";

// The whole app for a router and a query cache: the browser's (main.tsx), or a memory router when
// the build renders the sign-in page ahead (prerender.tsx). Nothing here may differ between the two
// for the same path, or the page the build wrote would not match what the browser draws.
export function App({ router, client }: { router: RouterProviderProps["router"]; client: QueryClient }) {
  return (
    <AppProviders client={client}>
      <RouterProvider router={router} />
      <UncaughtErrorBanner />
    </AppProviders>
  );
}
