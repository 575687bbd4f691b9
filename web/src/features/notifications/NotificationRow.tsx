import { Classes } from "@blueprintjs/core";
import clsx from "clsx";
import { useTranslation } from "../../i18n/index.ts";
import { timeAgo } from "./format.ts";
import { Isolated } from "./Isolated.tsx";
import { NotificationIcon } from "./NotificationIcon.tsx";
import styles from "./NotificationRow.module.css";
import type { AppNotification } from "./types.ts";

// One notification, in the popover and on the page: icon by type, title (bold while unread), body,
// age and the unread dot. The whole row is one button: a click reads it and follows its url.

export function NotificationRow({
  notification: n,
  now,
  onOpen,
  owner,
  roomy = false,
}: {
  notification: AppNotification;
  now: number;
  onOpen?: (n: AppNotification) => void;
  /** The admin's list names whose it is (the email in the tooltip). */
  owner?: { name: string; email?: string };
  /** Roomier, as on the pages (the popover's rows are tighter). */
  roomy?: boolean;
}) {
  const { t } = useTranslation("notifications");
  const content = (
    <>
      <NotificationIcon type={n.type} />
      <span className={styles.text}>
        <span className={styles.title} data-testid="notification-title">
          <Isolated text={n.title} />
        </span>
        {n.body ? (
          <span className={clsx(styles.body, Classes.TEXT_MUTED)}>
            <Isolated text={n.body} />
          </span>
        ) : null}
        <span className={clsx(styles.meta, Classes.TEXT_MUTED)}>
          {owner ? (
            <span className={styles.owner} title={owner.email}>
              <bdi>{owner.name}</bdi>
            </span>
          ) : null}
          <time dateTime={n.createdAt ?? undefined}>{timeAgo(n.createdAt, now)}</time>
        </span>
      </span>
      {n.isRead ? null : <span className={styles.dot} role="img" aria-label={t("list.unread")} />}
    </>
  );
  const className = clsx(styles.row, roomy && styles.roomy, !n.isRead && styles.unread);
  if (!onOpen)
    return (
      <div className={className} data-testid="notification-row">
        {content}
      </div>
    );
  return (
    <button type="button" className={className} data-testid="notification-row" onClick={() => onOpen(n)}>
      {content}
    </button>
  );
}
