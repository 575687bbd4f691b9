import { useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "../../../i18n/index.ts";
import { countAssets, countBots, countUsers, dashboardKey } from "./api.ts";
import { checkService, type ServiceStatus } from "./status.ts";

/** The dashboard re-checks the services every 30 s (besides at start and on Refresh). */
export const STATUS_REFRESH_MS = 30_000;

const countsKey = [...dashboardKey, "counts"] as const;
const statusKey = [...dashboardKey, "status"] as const;

export function useDashboardCounts() {
  const [users, bots, assets] = useQueries({
    queries: [
      { queryKey: [...countsKey, "users"], queryFn: countUsers },
      { queryKey: [...countsKey, "bots"], queryFn: countBots },
      { queryKey: [...countsKey, "assets"], queryFn: countAssets },
    ],
  });
  return { users, bots, assets };
}

/**
 * One service's status: checked on mount and every 30 s. A timed re-check keeps the card as it is
 * until it answers; a manual refresh (below) starts over from loading.
 */
export function useServiceStatus(path: string): ServiceStatus {
  // Keyed by the language too: the offline message is worded when the check answers.
  const { i18n } = useTranslation();
  const query = useQuery({
    queryKey: [...statusKey, path, i18n.language],
    queryFn: () => checkService(path),
    refetchInterval: STATUS_REFRESH_MS,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  return query.data ?? { state: "loading" };
}

/** The refresh button: every service back to loading and checked again, and the counts refetched. */
export function useRefreshDashboard() {
  const client = useQueryClient();
  return useCallback(() => {
    void client.resetQueries({ queryKey: statusKey });
    void client.invalidateQueries({ queryKey: countsKey });
  }, [client]);
}
