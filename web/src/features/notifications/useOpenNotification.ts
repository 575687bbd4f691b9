import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { notificationTarget } from "./target.ts";
import { PageTexts } from "./texts.ts";
import type { AppNotification } from "./types.ts";
import { useReadActions } from "./useNotifications.ts";

/**
 * A click on a notification: it is marked read (at once on screen) and its url followed — a path
 * of the app by the router (a match's chat with its flat's story open), another site in a new
 * tab. `onError` hears 'Failed to mark notification as read'; the popover passes none, its
 * failures are silent.
 */
export function useOpenNotification(onError?: (text: string) => void) {
  const navigate = useNavigate();
  const { readOne } = useReadActions();
  return useCallback(
    (n: AppNotification) => {
      if (!n.isRead) void readOne(n._id).catch(() => onError?.(PageTexts.markReadFailed));
      const target = notificationTarget(n.url, window.location.origin, n.listingId);
      if (target?.kind === "internal") navigate(target.path);
      else if (target?.kind === "external") window.open(target.href, "_blank", "noopener,noreferrer");
    },
    [navigate, readOne, onError],
  );
}
