import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { type Bot, listBots, listNeighborhoods, neighborhoodsKey } from "./api.ts";
import { botListKey, botsKey } from "./keys.ts";

// The bots lists in the query cache: created bots appear, updated ones replace
// their entry, deleted ones are removed, in every list that holds them (mine, and the admin's all).

export function useBotList(all: boolean) {
  return useQuery({ queryKey: botListKey(all), queryFn: () => listBots(all) });
}

/** Puts a bot into every cached list: replaced where it is, else added first (newest first). */
export function putBot(client: QueryClient, bot: Bot): void {
  for (const [key, list] of client.getQueriesData<Bot[]>({ queryKey: botsKey })) {
    if (!list) continue;
    const at = list.findIndex((b) => b._id === bot._id);
    if (at >= 0)
      client.setQueryData(
        key,
        list.map((b, i) => (i === at ? bot : b)),
      );
    else client.setQueryData(key, [bot, ...list]);
  }
}

export function dropBot(client: QueryClient, id: string): void {
  for (const [key, list] of client.getQueriesData<Bot[]>({ queryKey: botsKey })) {
    if (list?.some((b) => b._id === id))
      client.setQueryData(
        key,
        list.filter((b) => b._id !== id),
      );
  }
}

export function useBotCache() {
  const client = useQueryClient();
  return useMemo(
    () => ({
      put: (bot: Bot) => putBot(client, bot),
      drop: (id: string) => dropBot(client, id),
    }),
    [client],
  );
}

/** The neighbourhood options: reference data, fetched once per visit. */
export function useNeighborhoods() {
  return useQuery({
    queryKey: neighborhoodsKey,
    queryFn: listNeighborhoods,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
