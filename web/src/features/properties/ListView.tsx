import { Button, HTMLSelect, NonIdealState } from "@blueprintjs/core";
import clsx from "clsx";
import { useEffect, useId } from "react";
import { useTranslation } from "../../i18n/index.ts";
import { useSavedPlaces } from "../../lib/savedPlaces.tsx";
import { useMediaQuery } from "../../lib/useMediaQuery.ts";
import { isExact, useAssetList } from "./api.ts";
import { FilterBar } from "./FilterBar.tsx";
import { FilterChips } from "./FilterChips.tsx";
import { hasFilters, NO_FILTERS, SORTS } from "./filters.ts";
import { resultsText } from "./format.ts";
import styles from "./ListView.module.css";
import { NearPlaces } from "./map/NearPlaces.tsx";
import { Pager } from "./Pager.tsx";
import { PropertyCard, PropertyCardSkeleton } from "./PropertyCard.tsx";
import { hasNextPage, MEDIUM_SCREEN, pageSize } from "./pager.ts";
import type { PropertyFilters, PropertySort } from "./types.ts";

// The list view: filter bar, active-filter chips, the results line with "near my places", the
// order and the bot button, the cards, the pager; skeletons while the first page loads, the empty states
// and errors (the error's message or 'An error occurred').

interface Props {
  filters: PropertyFilters;
  page: number;
  sort: PropertySort;
  areaName: string | null;
  onFiltersChange: (filters: PropertyFilters) => void;
  onSort: (sort: PropertySort) => void;
  onPage: (page: number, replace?: boolean) => void;
  onOpenStory: (id: string) => void;
  onCreateBot: () => void;
}

export function ListView({
  filters,
  page,
  sort,
  areaName,
  onFiltersChange,
  onSort,
  onPage,
  onOpenStory,
  onCreateBot,
}: Props) {
  const { t } = useTranslation("properties");
  const id = useId();
  const limit = pageSize(useMediaQuery(MEDIUM_SCREEN));
  const places = useSavedPlaces();
  const list = useAssetList(filters, page, limit, sort);
  const data = list.data;
  const exact = data ? isExact(data) : true;
  const pages = data?.pagination.pages ?? 1;

  // A page past the end (an old link, listings gone since): the last page that has any.
  useEffect(() => {
    if (!list.isPlaceholderData && data && exact && pages >= 1 && page > pages) onPage(pages, true);
  }, [list.isPlaceholderData, data, exact, pages, page, onPage]);

  const goTo = (next: number) => {
    onPage(next);
    window.scrollTo({ top: 0, behavior: "smooth" });
  };

  let results: React.ReactNode;
  if (list.isPending) {
    results = (
      <div className={styles.grid} aria-busy="true" data-testid="properties-loading">
        {Array.from({ length: limit }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <PropertyCardSkeleton key={i} />
        ))}
      </div>
    );
  } else if (list.isError && !data) {
    results = (
      <NonIdealState
        className={styles.state}
        icon="error"
        title={list.error.message || t("page.error")}
        action={
          <Button icon="refresh" onClick={() => void list.refetch()}>
            {t("page.tryAgain")}
          </Button>
        }
      />
    );
  } else if (!data?.assets.length) {
    const filtered = hasFilters(filters);
    results = (
      <NonIdealState
        className={styles.state}
        icon={filtered ? "search" : "home"}
        title={t("results.emptyTitle")}
        description={filtered ? t("results.emptyFiltered") : t("results.emptyNone")}
        action={
          filtered ? (
            <Button icon="filter-remove" onClick={() => onFiltersChange(NO_FILTERS)}>
              {t("results.clearFilters")}
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    results = (
      <>
        <div
          className={clsx(styles.grid, list.isPlaceholderData && styles.stale)}
          aria-busy={list.isFetching}
        >
          {data.assets.map((asset) => (
            <PropertyCard key={asset._id} asset={asset} onOpenStory={onOpenStory} />
          ))}
        </div>
        <Pager
          page={page}
          pages={pages}
          exact={exact}
          hasNext={hasNextPage(page, pages, exact, data.assets.length, data.pagination.limit || limit)}
          onPage={goTo}
        />
      </>
    );
  }

  return (
    <div className={styles.list}>
      <FilterBar filters={filters} onChange={onFiltersChange} />
      <FilterChips filters={filters} areaName={areaName} onChange={onFiltersChange} />
      <div className={styles.results}>
        <span className={styles.count} role="status" data-testid="results-count">
          {data && !list.isError ? resultsText(data.pagination.total, exact) : "\u00a0"}
        </span>
        <span className={styles.actions}>
          <NearPlaces
            variant="list"
            places={places}
            km={filters.nearKm}
            onChange={(nearKm) => onFiltersChange({ ...filters, nearKm })}
          />
          <label className={styles.sort} htmlFor={`${id}-sort`}>
            <span className={styles.sortLabel}>{t("sort.label")}</span>
            <HTMLSelect
              id={`${id}-sort`}
              value={sort}
              onChange={(event) => onSort(event.currentTarget.value as PropertySort)}
              options={SORTS.map((value) => ({ value, label: t(`sort.${value}`) }))}
            />
          </label>
          <Button icon="predictive-analysis" intent="primary" variant="outlined" onClick={onCreateBot}>
            {t("results.createBot")}
          </Button>
        </span>
      </div>
      {results}
    </div>
  );
}
