import { skipToken, useQuery } from "@tanstack/react-query";
import { listShortlist } from "./api.ts";
import { shortlistKey } from "./queries.ts";

// The chat's shortlist, asked of the server while it is shown; a vote heard on the socket asks
// again (liveCache's noteMarks), so its order follows everyone's votes.

export function useShortlist(chatId: string | undefined, on: boolean) {
  const query = useQuery({
    queryKey: shortlistKey(chatId ?? ""),
    queryFn: chatId && on ? () => listShortlist(chatId) : skipToken,
    gcTime: 0,
  });
  return { entries: query.data ?? [], loading: query.isLoading, failed: query.isError };
}
