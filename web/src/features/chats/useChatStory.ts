import { useCallback, useMemo, useRef } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router-dom";

// The flat's story over a chat, kept in the address bar (`?story=<asset id>`) as the properties
// page keeps it: a match's notification opens the chat with its story open, Back closes it.

const STORY_ID = /^[\w-]{1,100}$/;
const OPENED = "storyOpened";

export function useChatStory() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const raw = params.get("story");
  const story = raw !== null && STORY_ID.test(raw) ? raw : null;
  const latest = useRef(location);
  latest.current = location;

  const open = useCallback(
    (id: string) => {
      const next = new URLSearchParams(latest.current.search);
      next.set("story", id);
      navigate({ search: `?${next}` }, { state: { [OPENED]: true } });
    },
    [navigate],
  );
  const close = useCallback(() => {
    // Opened here: Back closes it and leaves no "open" entry ahead. Opened from a link (a
    // notification): drop it from the address in place.
    const opened = (latest.current.state as Record<string, unknown> | null)?.[OPENED];
    if (opened) {
      navigate(-1);
      return;
    }
    const next = new URLSearchParams(latest.current.search);
    next.delete("story");
    const search = next.toString();
    navigate({ search: search ? `?${search}` : "" }, { replace: true });
  }, [navigate]);
  return useMemo(() => ({ story, open, close }), [story, open, close]);
}
