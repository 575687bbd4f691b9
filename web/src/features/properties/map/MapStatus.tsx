import { Button, Classes, Spinner } from "@blueprintjs/core";
import clsx from "clsx";
import type { Ref } from "react";
import { formatNumber } from "../../../i18n/format.ts";
import { useTranslation } from "../../../i18n/index.ts";
import { resultsText } from "../format.ts";
import { tp } from "../texts.ts";
import type { AssetPage } from "../types.ts";
import styles from "./MapStatus.module.css";

// The line over the map saying what is in view: how many listings (or that the next answer is on
// its way, or what went wrong), and the chosen neighbourhood with a button that clears it.

interface Props {
  ref?: Ref<HTMLDivElement>;
  answer: AssetPage | undefined;
  loading: boolean;
  error: Error | null;
  areaName: string | null;
  onClearArea: () => void;
}

function countText(answer: AssetPage): string {
  const { total, totalExact } = answer.pagination;
  if (total === 0) return tp("map.nothing");
  const shown = answer.clusters ? total : answer.assets.length;
  const all = tp("map.inView", { results: resultsText(total, totalExact !== false) });
  // Without the server's points the map draws one page of listings: say so rather than mislead.
  return shown < total ? tp("map.partial", { shown: formatNumber(shown), all }) : all;
}

export function MapStatus({ ref, answer, loading, error, areaName, onClearArea }: Props) {
  const { t } = useTranslation("properties");
  return (
    <div className={styles.status} ref={ref}>
      <div
        className={clsx(styles.pill, error && styles.error)}
        role="status"
        aria-live="polite"
        data-testid="map-count"
      >
        {loading ? <Spinner size={14} /> : null}
        <span>
          {error ? error.message || t("page.error") : answer ? countText(answer) : t("map.loading")}
        </span>
      </div>
      {areaName ? (
        <div className={clsx(styles.pill, styles.area)} data-testid="map-area">
          <span className={Classes.TEXT_MUTED}>{t("map.area")}</span>
          <strong dir="auto">{areaName}</strong>
          <Button
            variant="minimal"
            size="small"
            icon="cross"
            aria-label={t("map.clearArea")}
            onClick={onClearArea}
          />
        </div>
      ) : null}
    </div>
  );
}
