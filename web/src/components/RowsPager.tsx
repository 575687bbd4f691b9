import { Button, HTMLSelect } from "@blueprintjs/core";
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
}: {
  /** The size picker's id (its label points at it). */
  id: string;
  total: number;
  page: number;
  size: number;
  sizes: readonly number[];
  onPage: (page: number) => void;
  onSize: (size: number) => void;
}) {
  const from = total === 0 ? 0 : page * size + 1;
  const to = Math.min(total, (page + 1) * size);
  return (
    <div className={styles.pager}>
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
