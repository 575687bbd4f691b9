import { Card, Classes, Elevation } from "@blueprintjs/core";
import type { ReactNode } from "react";
import { useTranslation } from "../../i18n/index.ts";
import styles from "./AuthCard.module.css";

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
    <Card className={styles.card} elevation={Elevation.TWO}>
      <h1 className={`${Classes.HEADING} ${styles.title}`}>{title}</h1>
      {subtitle ? <p className={`${Classes.TEXT_MUTED} ${styles.subtitle}`}>{subtitle}</p> : null}
      {children}
    </Card>
  );
}

export function OrDivider() {
  const { t } = useTranslation("auth");
  return (
    <div className={`${styles.divider} ${Classes.TEXT_MUTED}`} aria-hidden="true">
      {t("or")}
    </div>
  );
}
