import { HTMLSelect, Switch } from "@blueprintjs/core";
import { NEAR_KM_CHOICES } from "@dirabot/api/constants.ts";
import clsx from "clsx";
import { useState } from "react";
import { formatNumber } from "../../../i18n/format.ts";
import { useTranslation } from "../../../i18n/index.ts";
import { NEAR_KM_DEFAULT, type SavedPlace } from "../../../lib/distance.ts";
import styles from "./NearPlaces.module.css";

// "Near my places": only the listings within the chosen kilometres of the reader's places; on the
// map also rings around them. Shown to a reader who has places; the km lives in the address.

interface Props {
  places: readonly SavedPlace[];
  km: number | null;
  onChange: (km: number | null) => void;
  /** Listings in view inside a ring; null while the filter is off or nothing is drawn yet. */
  inRange?: number | null;
  /** Floating over the map, or in the list's results line. */
  variant?: "map" | "list";
}

export function NearPlaces({ places, km, onChange, inRange = null, variant = "map" }: Props) {
  const { t } = useTranslation("properties");
  // Turned on again it keeps the last distance chosen.
  const [lastKm, setLastKm] = useState(km ?? NEAR_KM_DEFAULT);
  if (km !== null && km !== lastKm) setLastKm(km);
  if (!places.length) return null;
  return (
    <div className={clsx(styles.near, variant === "list" && styles.inline)} data-testid="near-places">
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
        {NEAR_KM_CHOICES.map((n) => (
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
