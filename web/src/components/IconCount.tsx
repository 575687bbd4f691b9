import styles from "./IconCount.module.css";

/** The class of the icon button an IconCount sits on (the count is placed in its corner). */
export const iconCountHost = styles.host;

/** A count for a badge: 99+ beyond two digits. */
export const badgeCount = (n: number) => (n > 99 ? "99+" : String(n));

// The red count in the corner of a top-bar icon button (unread chats, the notification bell):
// nothing at 0. Hidden from assistive technology: the button's own label says the number.
export function IconCount({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className={styles.count} aria-hidden="true">
      {badgeCount(count)}
    </span>
  );
}
