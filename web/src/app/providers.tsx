import { OverlaysProvider, PortalProvider } from "@blueprintjs/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { AuthProvider, useAuth } from "../features/auth/index.ts";
import { SavedPlacesProvider } from "../lib/savedPlaces.tsx";
import { ThemeProvider } from "../lib/theme.tsx";
import { ErrorBoundary } from "./errors/ErrorBoundary.tsx";

// Server state is re-fetched by the screens that need it fresh (sockets, timers); a refocus refetch
// of everything would only add load.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
    },
  });
}

/** The signed-in account's places, for the distance chips on every card. */
function AccountPlaces({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return <SavedPlacesProvider user={user}>{children}</SavedPlacesProvider>;
}

// Theme first so even the error screen is themed; the boundary sits above everything that can fail.
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <ThemeProvider>
      <ErrorBoundary>
        <QueryClientProvider client={client}>
          {/* BlueprintProvider minus its HotkeysProvider: no screen has keyboard shortcuts, and the
              hotkeys dialog brought Blueprint's floating popovers into every first page. */}
          <PortalProvider>
            <OverlaysProvider>
              <AuthProvider>
                <AccountPlaces>{children}</AccountPlaces>
              </AuthProvider>
            </OverlaysProvider>
          </PortalProvider>
        </QueryClientProvider>
      </ErrorBoundary>
    </ThemeProvider>
  );
}
