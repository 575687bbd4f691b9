import { skipToken, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { listStarred } from "./api.ts";
import { starredKey } from "./queries.ts";
import type { Message } from "./types.ts";

// The conversation's starred-only view: the server is asked each time it is turned on (every
// starred message, not only the loaded pages); if that fails, the loaded pages' starred ones. It
// belongs to the chat it was turned on in.

export function useStarredView(chatId: string | undefined, loaded: readonly Message[]) {
  const client = useQueryClient();
  const [onIn, setOnIn] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState(chatId);
  if (shownFor !== chatId) {
    setShownFor(chatId);
    setOnIn(null);
  }
  const on = Boolean(chatId) && onIn === chatId;
  const query = useQuery({
    queryKey: starredKey(chatId ?? ""),
    queryFn: chatId && on ? () => listStarred(chatId) : skipToken,
    gcTime: 0,
  });

  const showStarred = useCallback(
    (show: boolean) => {
      // What an earlier turn fetched is not shown while this one loads.
      if (chatId) void client.resetQueries({ queryKey: starredKey(chatId), exact: true });
      setOnIn(show && chatId ? chatId : null);
    },
    [chatId, client],
  );

  const starred = on ? (query.data ?? (query.isError ? loaded.filter((m) => m.starred) : [])) : null;
  return { starred, showStarred };
}
