import { HTMLSelect, Switch } from "@blueprintjs/core";
import { formatNumber } from "../../../i18n/format.ts";
import { useTranslation } from "../../../i18n/index.ts";
import type { SavedPlace } from "../../../lib/distance.ts";
import styles from "./NearPlaces.module.css";

// The map's "near my places": rings of the chosen kilometres around the reader's places, and
// only the listings inside a ring. Shown to a reader who has places.

/** The ring sizes offered, km. */
export const NEAR_CHOICES = [1, 2, 3, 5, 10, 20, 30] as const;

interface Props {
  places: readonly SavedPlace[];
  km: number | null;
  onChange: (km: number | null) => void;
  lastKm: number;
  /** Listings in view inside a ring; null while the filter is off or nothing is drawn yet. */
  inRange: number | null;
}

export function NearPlaces({ places, km, onChange, lastKm, inRange }: Props) {
  const { t } = useTranslation("properties");
  if (!places.length) return null;
  return (
    <div className={styles.near} data-testid="near-places">
      <Switch
        checked={km !== null}
        onChange={(e) => onChange(e.currentTarget.checked ? lastKm : null)}
        label={t("map.nearPlaces")}
        className={styles.switch}
      />
      <HTMLSelect
        aria-label={t("map.nearKm")}
        value={km ?? lastKm}
        disabled={km === null}
        onChange={(e) => onChange(Number(e.currentTarget.value))}
        minimal
      >
        {NEAR_CHOICES.map((n) => (
          <option key={n} value={n}>
            {t("map.km", { km: formatNumber(n) })}
          </option>
        ))}
      </HTMLSelect>
      {inRange !== null ? (
        <span className={styles.count} role="status" data-testid="near-count">
          {t("map.inRange", { n: formatNumber(inRange) })}
        </span>
      ) : null}
    </div>
  );
}
