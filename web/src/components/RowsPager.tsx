import { Button, HTMLSelect } from "@blueprintjs/core";
import clsx from "clsx";
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
  const from = total === 0 ? 0 : page * size + 1;
  const to = Math.min(total, (page + 1) * size);
  return (
    <div className={clsx(styles.pager, className)}>
      <span className={styles.size}>
        <label htmlFor={id}>Rows per page:</label>
        <HTMLSelect
          id={id}
          minimal
          value={size}
          onChange={(e) => onSize(Number(e.currentTarget.value))}
          options={sizes.map((n) => ({ label: String(n), value: n }))}
        />
      </span>
      <span aria-live="polite">
        {from}–{to} of {total}
      </span>
      <Button
        variant="minimal"
        icon="chevron-left"
        aria-label="Previous page"
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
      />
      <Button
        variant="minimal"
        icon="chevron-right"
        aria-label="Next page"
        disabled={to >= total}
        onClick={() => onPage(page + 1)}
      />
    </div>
  );
}
