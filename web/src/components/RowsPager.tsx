import { Button, HTMLSelect } from "@blueprintjs/core";
import clsx from "clsx";
import { useTranslation } from "../i18n/index.ts";
import styles from "./RowsPager.module.css";

// "Rows per page" and "1–5 of 12" with previous/next, under an admin table (users, messaging
// history). `page` counts from 0.
export function RowsPager({
  id,
  total,
  page,
  size,
  sizes,
  onPage,
  onSize,
  className,
}: {
  /** The size picker's id (its label points at it). */
  id: string;
  total: number;
  page: number;
  size: number;
  sizes: readonly number[];
  onPage: (page: number) => void;
  onSize: (size: number) => void;
  /** The table's own spacing for it (the messaging history's, on a phone). */
  className?: string;
}) {
  const { t } = useTranslation();
  const from = total === 0 ? 0 : page * size + 1;
  const to = Math.min(total, (page + 1) * size);
  return (
    <div className={clsx(styles.pager, className)}>
      <span className={styles.size}>
        <label htmlFor={id}>{t("pager.rowsPerPage")}</label>
        <HTMLSelect
          id={id}
          minimal
          value={size}
          onChange={(e) => onSize(Number(e.currentTarget.value))}
          options={sizes.map((n) => ({ label: String(n), value: n }))}
        />
      </span>
      <span aria-live="polite">{t("pager.range", { from, to, total })}</span>
      <Button
        variant="minimal"
        icon="chevron-left"
        aria-label={t("pager.previous")}
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
      />
      <Button
        variant="minimal"
        icon="chevron-right"
        aria-label={t("pager.next")}
        disabled={to >= total}
        onClick={() => onPage(page + 1)}
      />
    </div>
  );
}
