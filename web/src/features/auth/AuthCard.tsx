import { Card, Classes, Elevation } from "@blueprintjs/core";
import type { ReactNode } from "react";
import "./AuthCard.css";

// The card every sign-in screen sits in: a heading, a line under it, then the form.
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="auth-card" elevation={Elevation.TWO}>
      <h1 className={`${Classes.HEADING} auth-card__title`}>{title}</h1>
      {subtitle ? <p className={`${Classes.TEXT_MUTED} auth-card__subtitle`}>{subtitle}</p> : null}
      {children}
    </Card>
  );
}

export function OrDivider() {
  return (
    <div className={`auth-card__divider ${Classes.TEXT_MUTED}`} aria-hidden="true">
      or
    </div>
  );
}
