import type { Bot } from "@dirabot/api";
import type { QueryClient } from "@tanstack/react-query";
import { request } from "../../lib/api.ts";
import { getStoredToken } from "../../lib/authToken.ts";
import { botListKey } from "./keys.ts";

/**
 * On a first load of /bots with a stored session, the list is asked for as the app starts,
 * beside the session check, instead of after it: on a phone's network that is a round trip
 * sooner on screen. The server checks the token as for any call; a 401 here signs nobody out:
 * the check alone judges the session at start (it may be waiting out an outage). The screen's
 * query finds the answer in the cache (fresh for the client's 30 s), or asks again after a failure.
 */
export function prefetchBots(client: QueryClient, pathname: string): void {
  const path = pathname.replace(/\/+$/, "");
  if (path !== "/bots" || !getStoredToken()) return;
  void client.prefetchQuery({
    queryKey: botListKey(false),
    // As api.ts's listBots asks, imported from here it would bring the feature's code along.
    queryFn: () => request<Bot[]>("/api/requests", { beforeCheck: true }),
  });
}
