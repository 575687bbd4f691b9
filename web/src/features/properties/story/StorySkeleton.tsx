import { Classes } from "@blueprintjs/core";
import clsx from "clsx";
import { useTranslation } from "../../../i18n/index.ts";
import styles from "./StorySkeleton.module.css";
import shared from "./shared.module.css";

// The drawer while the story loads: the same blocks as the real one, as Blueprint skeletons, so
// nothing jumps when it arrives.

const block = (className: string) => <div className={clsx(Classes.SKELETON, className)} />;

export function StorySkeleton() {
  const { t } = useTranslation("properties");
  return (
    <div className={shared.body} aria-busy="true">
      <span className={shared.visuallyHidden}>{t("story.loading")}</span>
      {block(styles.photo)}
      <div className={shared.head}>
        {block(styles.price)}
        {block(styles.title)}
        {block(styles.line)}
      </div>
      <div className={shared.facts}>
        {[1, 2, 3, 4].map((i) => (
          <div key={i} className={clsx(Classes.SKELETON, styles.fact)} />
        ))}
      </div>
      <div className={shared.section}>
        {block(styles.line)}
        {block(styles.chart)}
      </div>
      <div className={shared.section}>
        {block(styles.line)}
        {block(styles.row)}
        {block(styles.row)}
      </div>
    </div>
  );
}
