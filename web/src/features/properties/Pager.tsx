import { Button } from "@blueprintjs/core";
import { useTranslation } from "../../i18n/index.ts";
import styles from "./Pager.module.css";
import { pageItems } from "./pager.ts";

// The list's pager: Previous, the first, nearby and last pages, Next. When the
// total is an estimate it does not name a last page (pager.ts).

interface Props {
  page: number;
  pages: number;
  exact: boolean;
  hasNext: boolean;
  onPage: (page: number) => void;
}

export function Pager({ page, pages, exact, hasNext, onPage }: Props) {
  const { t } = useTranslation("properties");
  if (page === 1 && !hasNext) return null;
  const items = pageItems(page, pages, exact);
  return (
    <nav className={styles.pager} aria-label={t("pager.label")}>
      <Button
        variant="minimal"
        icon="chevron-left"
        aria-label={t("pager.previous")}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      />
      {items.map((item, i) =>
        item === "gap" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their place
          <span key={`gap-${i}`} className={styles.gap} aria-hidden="true">
            …
          </span>
        ) : (
          <Button
            key={item}
            variant={item === page ? "solid" : "minimal"}
            intent={item === page ? "primary" : "none"}
            aria-label={t("pager.page", { n: item })}
            aria-current={item === page ? "page" : undefined}
            className={styles.page}
            onClick={() => onPage(item)}
          >
            {item}
          </Button>
        ),
      )}
      <Button
        variant="minimal"
        icon="chevron-right"
        aria-label={t("pager.next")}
        disabled={!hasNext}
        onClick={() => onPage(page + 1)}
      />
    </nav>
  );
}
