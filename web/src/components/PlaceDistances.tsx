import { Icon, Tag } from "@blueprintjs/core";
import clsx from "clsx";
import { useTranslation } from "../i18n/index.ts";
import {
  distancesOf,
  distanceText,
  minutesText,
  type PlaceDistance,
  type SavedPlace,
} from "../lib/distance.ts";
import styles from "./PlaceDistances.module.css";

// How far a flat is from the places that matter to the reader: a chip per place on the cards
// ("2.1 km from Work · about 9 min by bicycle"), a line per place in the flat's story. Nothing
// when the reader has no places or the flat has no point.

interface Props {
  asset: Parameters<typeof distancesOf>[0];
  places: readonly SavedPlace[] | undefined;
  /** Cards keep to the nearest few; the story lists them all. */
  max?: number;
  variant?: "chips" | "lines";
  className?: string;
}

export function PlaceDistances({ asset, places, max = 2, variant = "chips", className }: Props) {
  const { t } = useTranslation();
  const all = distancesOf(asset, places ?? []);
  if (!all.length) return null;
  const named = new Map((places ?? []).map((p) => [p.id, p.name]));
  const shown = variant === "lines" ? all : all.slice(0, max);
  const texts = (d: PlaceDistance) => ({
    km: distanceText(d.km, named.get(d.placeId) ?? ""),
    minutes: minutesText(d),
  });
  return (
    <ul
      className={clsx(styles.distances, variant === "lines" && styles.lines, className)}
      aria-label={t("places.chips")}
      data-testid="place-distances"
    >
      {shown.map((d) => {
        const { km, minutes } = texts(d);
        return variant === "lines" ? (
          <li key={d.placeId} className={styles.line} data-testid="place-distance">
            <span>
              <Icon icon="map-marker" size={14} /> {km}
            </span>
            <span className={styles.minutes}>{minutes}</span>
          </li>
        ) : (
          <li key={d.placeId} data-testid="place-distance">
            <Tag minimal round multiline icon="map-marker">
              {km} · <span className={styles.minutes}>{minutes}</span>
            </Tag>
          </li>
        );
      })}
    </ul>
  );
}
