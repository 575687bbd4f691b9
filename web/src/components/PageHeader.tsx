import { Classes } from "@blueprintjs/core";
import clsx from "clsx";
import type { ReactNode } from "react";
import styles from "./PageHeader.module.css";

type PageHeaderProps = {
  /** The page's h1. */
  title: ReactNode;
  /** A muted line under the title. */
  subtitle?: ReactNode;
  /** Beside the title, at its right and level with the subtitle; wraps under it on a narrow screen. */
  actions?: ReactNode;
  /**
   * Keep Blueprint's own h1 size (36 px on a 40 px line) instead of the 26 px title: what Telegram,
   * Users and Profile have always shown.
   */
  large?: boolean;
};

// The heading at the top of a signed-in page: its title, a subtitle, and controls beside them.
export function PageHeader({ title, subtitle, actions, large = false }: PageHeaderProps) {
  const text = (
    <>
      <h1 className={clsx(Classes.HEADING, styles.title, !large && styles.regular)}>{title}</h1>
      {subtitle === undefined ? null : (
        <p className={clsx(Classes.TEXT_MUTED, styles.subtitle)}>{subtitle}</p>
      )}
    </>
  );
  if (actions === undefined) return <header className={styles.header}>{text}</header>;
  return (
    <header className={styles.bar}>
      <div className={styles.header}>{text}</div>
      {actions}
    </header>
  );
}
