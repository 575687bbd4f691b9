import { Icon, type IconName } from "@blueprintjs/core";
import clsx from "clsx";
import styles from "./NotificationIcon.module.css";

// One icon per type ("Each type has an icon"); an unknown type looks like a
// system message.

const ICONS: Record<string, { icon: IconName; tone: string; label: string }> = {
  property_match: { icon: "home", tone: styles.match, label: "Property match" },
  system: { icon: "info-sign", tone: styles.system, label: "System" },
  request_verified: { icon: "endorsed", tone: styles.verified, label: "Request verified" },
  password_reset: { icon: "key", tone: styles.password, label: "Password reset" },
  new_feature: { icon: "clean", tone: styles.feature, label: "New feature" },
};

export const typeLabel = (type: string) => (ICONS[type] ?? ICONS.system)?.label ?? "System";

export function NotificationIcon({ type, size = 16 }: { type: string; size?: number }) {
  const look = ICONS[type] ?? ICONS.system ?? { icon: "info-sign", tone: styles.system, label: "System" };
  return (
    <span className={clsx(styles.icon, look.tone)} title={look.label}>
      <Icon icon={look.icon} size={size} aria-label={look.label} />
    </span>
  );
}
