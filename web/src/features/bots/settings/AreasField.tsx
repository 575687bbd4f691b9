import { Button, Callout, Spinner } from "@blueprintjs/core";
import { lazy, Suspense } from "react";
import { formatNumber } from "../../../i18n/format.ts";
import { useTranslation } from "../../../i18n/index.ts";
import type { NeighborhoodOption } from "../api.ts";
import { AreaMultiSelect } from "./AreaMultiSelect.tsx";
import styles from "./AreasField.module.css";

// The Areas section: the searchable list, or the map, switched by 'Select on map' /
// 'List View'. The map (OpenLayers) is downloaded the first time someone switches to it.

const AreaMap = lazy(() => import("../map/AreaMap.tsx").then((m) => ({ default: m.AreaMap })));

interface Props {
  options: NeighborhoodOption[];
  optionsError: Error | null;
  loading: boolean;
  selected: number[];
  onToggle: (code: number) => void;
  onClear: () => void;
  view: "list" | "map";
  onView: (view: "list" | "map") => void;
  /** Focus the area search on mounting. */
  autoFocus?: boolean;
}

export function AreasField({
  options,
  optionsError,
  loading,
  selected,
  onToggle,
  onClear,
  view,
  onView,
  autoFocus,
}: Props) {
  const { t } = useTranslation("bots");
  const count = selected.length;
  return (
    <section className={styles.areas} aria-label={t("areas.label")}>
      <div className={styles.head}>
        <span>
          {t("areas.label")}{" "}
          <span className={styles.count}>{t("areas.selected", { count, n: formatNumber(count) })}</span>
        </span>
        <Button
          size="small"
          variant="minimal"
          intent="primary"
          icon={view === "list" ? "map" : "list"}
          onClick={() => onView(view === "list" ? "map" : "list")}
        >
          {view === "list" ? t("areas.onMap") : t("areas.listView")}
        </Button>
      </div>
      {optionsError ? (
        <Callout intent="warning" compact>
          {optionsError.message}
        </Callout>
      ) : null}
      {view === "list" ? (
        <AreaMultiSelect
          options={options}
          selected={selected}
          onToggle={onToggle}
          onClear={onClear}
          loading={loading}
          autoFocus={autoFocus}
        />
      ) : (
        <Suspense
          fallback={
            <div className={styles.mapPlaceholder}>
              <Spinner size={32} aria-label={t("areas.loadingMap")} />
            </div>
          }
        >
          <AreaMap selected={selected} onToggle={onToggle} />
        </Suspense>
      )}
    </section>
  );
}
