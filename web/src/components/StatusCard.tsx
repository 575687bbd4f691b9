import {
  Card,
  Elevation,
  Icon,
  type IconName,
  type Intent,
  NonIdealState,
  type NonIdealStateProps,
} from "@blueprintjs/core";
import type { ReactNode } from "react";
import styles from "./StatusCard.module.css";

type StatusCardProps = Pick<NonIdealStateProps, "title" | "description" | "action"> & {
  /** A large figure instead of an icon, e.g. "404". */
  figure?: string;
  /** An icon name, or any element (a spinner), shown in a tinted badge. */
  icon?: IconName | ReactNode;
  intent?: Intent;
  /** Announce the card politely to assistive technology (for transient states such as loading). */
  live?: boolean;
};

// A centred card announcing one state of the app (not found, not ready, loading, failed).
export function StatusCard({
  figure,
  icon,
  intent = "primary",
  title,
  description,
  action,
  live,
}: StatusCardProps) {
  let visual: ReactNode = null;
  if (figure) {
    visual = (
      <div className={styles.figure} aria-hidden="true">
        {figure}
      </div>
    );
  } else if (icon) {
    visual = (
      <div className={`${styles.badge} ${styles[intent]}`} aria-hidden="true">
        {typeof icon === "string" ? <Icon icon={icon as IconName} size={32} intent={intent} /> : icon}
      </div>
    );
  }
  return (
    <Card
      className={styles.card}
      // The signed-in frame gives a card that is a whole screen its own top margin (MainLayout).
      data-status-card=""
      elevation={Elevation.TWO}
      role={live ? "status" : undefined}
      aria-live={live ? "polite" : undefined}
    >
      <NonIdealState
        icon={visual ?? undefined}
        iconMuted={false}
        title={title}
        description={description}
        action={action}
      />
    </Card>
  );
}
