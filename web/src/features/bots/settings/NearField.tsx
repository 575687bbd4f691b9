import { Checkbox, FormGroup, NumericInput } from "@blueprintjs/core";
import { Link } from "react-router-dom";
import { useTranslation } from "../../../i18n/index.ts";
import {
  estimate,
  minutesText,
  NEAR_KM_DEFAULT,
  NEAR_KM_MAX,
  NEAR_KM_MIN,
  type NearPlace,
  nearText,
} from "../../../lib/distance.ts";
import { useSavedPlaces } from "../../../lib/savedPlaces.tsx";
import { inMinutes, setNear } from "./form.ts";
import styles from "./NearField.module.css";

// "Within N km of <place>" for any of the user's places (straight-line, 1–30 km), with what that
// is by bicycle or on foot, said as an estimate. Without places: a link to add some.

interface Props {
  value: readonly NearPlace[];
  onChange: (near: NearPlace[]) => void;
}

export function NearField({ value, onChange }: Props) {
  const { t } = useTranslation("bots");
  const places = useSavedPlaces().filter((p): p is typeof p & { id: string } => Boolean(p.id));
  if (!places.length) {
    return (
      <p className={styles.empty} data-testid="near-empty">
        {t("near.none")} <Link to="/profile">{t("near.addPlaces")}</Link>
      </p>
    );
  }
  const conditionOf = new Map(value.map((n) => [n.placeId, n]));
  return (
    <FormGroup
      label={t("near.label")}
      labelInfo={<Link to="/profile">{t("near.managePlaces")}</Link>}
      className={styles.field}
    >
      <ul className={styles.rows}>
        {places.map((place) => {
          const condition = conditionOf.get(place.id);
          // A condition in minutes (set where a router is configured) is shown and kept, not edited.
          const minutes = condition && inMinutes(condition) ? condition : null;
          const km = condition && !minutes ? (condition.km ?? NEAR_KM_DEFAULT) : undefined;
          const on = condition !== undefined;
          const inputId = `near-km-${place.id}`;
          return (
            <li key={place.id} className={styles.row} data-testid="near-row">
              <Checkbox
                checked={on}
                onChange={(e) =>
                  onChange(setNear(value, place.id, e.currentTarget.checked ? NEAR_KM_DEFAULT : null))
                }
                label={
                  minutes
                    ? `${nearText(place.name, null)} · ${minutesText({ placeId: place.id, km: 0, minutes: minutes.minutes ?? 0, mode: minutes.mode ?? null })}`
                    : nearText(place.name, km ?? null)
                }
                className={styles.check}
              />
              {on && km !== undefined ? (
                <div className={styles.distance}>
                  <input
                    type="range"
                    min={NEAR_KM_MIN}
                    max={NEAR_KM_MAX}
                    step={1}
                    value={km}
                    aria-label={t("near.kmOf", { name: place.name })}
                    onChange={(e) => onChange(setNear(value, place.id, Number(e.currentTarget.value)))}
                    className={styles.slider}
                  />
                  <div className={styles.number}>
                    <NumericInput
                      id={inputId}
                      aria-label={t("near.kmNumberOf", { name: place.name })}
                      min={NEAR_KM_MIN}
                      max={NEAR_KM_MAX}
                      stepSize={1}
                      minorStepSize={null}
                      majorStepSize={5}
                      value={km}
                      onValueChange={(n) => {
                        if (Number.isFinite(n)) onChange(setNear(value, place.id, n));
                      }}
                      clampValueOnBlur
                      allowNumericCharactersOnly
                      fill
                    />
                  </div>
                  <span className={styles.unit}>{t("near.km")}</span>
                  <span className={styles.estimate} data-testid="near-estimate">
                    {minutesText({ placeId: place.id, km, minutes: null, mode: estimate(km).mode })}
                  </span>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </FormGroup>
  );
}
