import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { onLive } from "../../lib/liveEvents.ts";
import {
  latestKey,
  listNotifications,
  markAllRead,
  markRead,
  notificationsKey,
  PAGE_SIZE,
  POPOVER_SIZE,
  pageKey,
} from "./api.ts";
import { isNotificationPage, withAllRead, withRead } from "./readState.ts";
import { onPushMessage } from "./startup.ts";
import type { NotificationPage } from "./types.ts";

// The caller's notifications in the query cache: the popover's 5 latest and the page's pages of 20.

export function useLatestNotifications() {
  return useQuery({
    queryKey: latestKey,
    queryFn: ({ signal }) => listNotifications(POPOVER_SIZE, 0, signal),
    placeholderData: keepPreviousData,
    // The bell is on every screen: coming back to the tab is when a missed notification matters.
    refetchOnWindowFocus: true,
    staleTime: 10_000,
  });
}

export function useNotificationPage(page: number, enabled: boolean) {
  return useQuery({
    queryKey: pageKey(page),
    queryFn: ({ signal }) => listNotifications(PAGE_SIZE, (page - 1) * PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
    enabled,
  });
}

/**
 * Refreshes every notifications list when one arrives: the socket's 'notification:new' (the chat
 * store's socket passes it on) or a push the service worker received while this tab was open.
 */
export function useLiveNotifications(): void {
  const client = useQueryClient();
  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: notificationsKey });
    const offSocket = onLive("notification:new", refresh);
    const offPush = onPushMessage(refresh);
    return () => {
      offSocket();
      offPush();
    };
  }, [client]);
}

/** Reading one or all: every cached page shows it at once, then the server's answer is fetched. */
export function useReadActions() {
  const client = useQueryClient();
  const apply = useCallback(
    (change: (page: NotificationPage) => NotificationPage) => {
      for (const [key, value] of client.getQueriesData({ queryKey: notificationsKey })) {
        if (isNotificationPage(value)) client.setQueryData(key, change(value));
      }
    },
    [client],
  );
  const settle = useCallback(() => void client.invalidateQueries({ queryKey: notificationsKey }), [client]);

  const readOne = useCallback(
    async (id: string) => {
      apply((page) => withRead(page, id));
      try {
        await markRead(id);
      } finally {
        settle();
      }
    },
    [apply, settle],
  );

  const readAll = useCallback(async () => {
    apply(withAllRead);
    try {
      await markAllRead();
    } finally {
      settle();
    }
  }, [apply, settle]);

  return { readOne, readAll };
}
