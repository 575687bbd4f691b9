import { Icon, type IconName } from "@blueprintjs/core";
import clsx from "clsx";
import { i18n } from "../../i18n/index.ts";
import styles from "./NotificationIcon.module.css";

// One icon per type ("Each type has an icon"); an unknown type looks like a
// system message.

const SYSTEM = { icon: "info-sign", tone: styles.system } as const;
const ICONS: Record<string, { icon: IconName; tone: string | undefined }> = {
  property_match: { icon: "home", tone: styles.match },
  system: SYSTEM,
  request_verified: { icon: "endorsed", tone: styles.verified },
  password_reset: { icon: "key", tone: styles.password },
  new_feature: { icon: "clean", tone: styles.feature },
  bot_invite: { icon: "people", tone: styles.invite },
};

/** A type's name in the reader's language; an unknown type is named as a system message. */
export const typeLabel = (type: string) => i18n.t(`notifications:types.${ICONS[type] ? type : "system"}`);

export function NotificationIcon({ type, size = 16 }: { type: string; size?: number }) {
  const look = ICONS[type] ?? SYSTEM;
  const label = typeLabel(type);
  return (
    <span className={clsx(styles.icon, look.tone)} title={label}>
      <Icon icon={look.icon} size={size} aria-label={label} />
    </span>
  );
}
