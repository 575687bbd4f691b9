import { Button, Classes } from "@blueprintjs/core";
import styles from "./Pager.module.css";

// Pages of the notifications lists: Previous, 'Page 2 of 5', Next. Hidden while all fits on one.

export function Pager({
  page,
  total,
  size,
  onPage,
}: {
  page: number;
  total: number;
  size: number;
  onPage: (p: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className={styles.pager} aria-label="Pages">
      <Button variant="minimal" icon="chevron-left" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className={Classes.TEXT_MUTED}>
        Page {page} of {pages}
      </span>
      <Button
        variant="minimal"
        endIcon="chevron-right"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}

/** The ?page= of the address: a whole number from 1, else 1. */
export function pageParam(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : 1;
}
