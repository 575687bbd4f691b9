import { Button, Classes } from "@blueprintjs/core";
import { formatNumber } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/index.ts";
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
  const { t } = useTranslation("notifications");
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={t("pager.label")}>
      <Button variant="minimal" icon="chevron-left" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("pager.previous")}
      </Button>
      <span className={Classes.TEXT_MUTED}>
        {t("pager.page", { page: formatNumber(page), pages: formatNumber(pages) })}
      </span>
      <Button
        variant="minimal"
        endIcon="chevron-right"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t("pager.next")}
      </Button>
    </nav>
  );
}

/** The ?page= of the address: a whole number from 1, else 1. */
export function pageParam(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : 1;
}
