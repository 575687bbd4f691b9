import { Classes } from "@blueprintjs/core";
import { timeAgo } from "./format.ts";
import { Isolated } from "./Isolated.tsx";
import { NotificationIcon } from "./NotificationIcon.tsx";
import type { AppNotification } from "./types.ts";

// One notification, in the popover and on the page: icon by type, title (bold while unread), body,
// age and the unread dot. The whole row is one button: a click reads it and follows its url.

export function NotificationRow({
  notification: n,
  now,
  onOpen,
  owner,
}: {
  notification: AppNotification;
  now: number;
  onOpen?: (n: AppNotification) => void;
  /** The admin's list names whose it is (the email in the tooltip). */
  owner?: { name: string; email?: string };
}) {
  const content = (
    <>
      <NotificationIcon type={n.type} />
      <span className="notification-row__text">
        <span className="notification-row__title">
          <Isolated text={n.title} />
        </span>
        {n.body ? (
          <span className={`notification-row__body ${Classes.TEXT_MUTED}`}>
            <Isolated text={n.body} />
          </span>
        ) : null}
        <span className={`notification-row__meta ${Classes.TEXT_MUTED}`}>
          {owner ? (
            <span className="notification-row__owner" title={owner.email}>
              {owner.name}
            </span>
          ) : null}
          <time dateTime={n.createdAt ?? undefined}>{timeAgo(n.createdAt, now)}</time>
        </span>
      </span>
      {n.isRead ? null : <span className="notification-row__dot" role="img" aria-label="Unread" />}
    </>
  );
  const className = `notification-row${n.isRead ? "" : " is-unread"}`;
  if (!onOpen) return <div className={className}>{content}</div>;
  return (
    <button type="button" className={className} onClick={() => onOpen(n)}>
      {content}
    </button>
  );
}
