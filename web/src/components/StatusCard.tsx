import { Card, Elevation, NonIdealState, type NonIdealStateProps } from "@blueprintjs/core";
import "./StatusCard.css";

type StatusCardProps = Pick<NonIdealStateProps, "icon" | "title" | "description" | "action"> & {
  /** A large figure above the title, e.g. "404". */
  figure?: string;
  /** Announce the card politely to assistive technology (for transient states such as loading). */
  live?: boolean;
};

// A centred card announcing one state of the app (not found, not ready, loading, failed).
export function StatusCard({ figure, icon, title, description, action, live }: StatusCardProps) {
  return (
    <Card
      className="status-card"
      elevation={Elevation.TWO}
      role={live ? "status" : undefined}
      aria-live={live ? "polite" : undefined}
    >
      {figure ? (
        <div className="status-card__figure" aria-hidden="true">
          {figure}
        </div>
      ) : null}
      <NonIdealState
        icon={figure ? undefined : icon}
        title={title}
        description={description}
        action={action}
      />
    </Card>
  );
}
