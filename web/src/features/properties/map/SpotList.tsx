import { Button, Classes, Icon } from "@blueprintjs/core";
import clsx from "clsx";
import { useTranslation } from "../../../i18n/index.ts";
import { formatPrice } from "../filters.ts";
import { roomsText } from "../format.ts";
import type { PropertyAsset } from "../types.ts";
import styles from "./SpotList.module.css";
import shared from "./shared.module.css";

// Several listings at one spot (the same building): no zoom separates their markers, so the
// popup lists them and a row opens that listing's popup.

interface Props {
  ids: string[];
  /** The listings of the last answer, by id; the others are named by their position. */
  known: ReadonlyMap<string, PropertyAsset>;
  onPick: (id: string) => void;
  onClose: () => void;
}

export function SpotList({ ids, known, onPick, onClose }: Props) {
  const { t } = useTranslation("properties");
  const here = t("map.here", { count: ids.length });
  return (
    <section className={clsx(shared.popup, styles.list)} aria-label={here}>
      <header className={styles.head}>
        <strong>{here}</strong>
        <Button variant="minimal" size="small" icon="cross" aria-label={t("map.close")} onClick={onClose} />
      </header>
      <ul className={styles.rows}>
        {ids.map((id, i) => {
          const a = known.get(id);
          return (
            <li key={id}>
              <button type="button" className={styles.row} onClick={() => onPick(id)}>
                <span className={styles.price}>
                  {a?.price != null ? formatPrice(a.price) : t("map.nth", { n: i + 1 })}
                </span>
                <span className={clsx(Classes.TEXT_MUTED, styles.meta)}>
                  {a?.rooms != null ? <span className={styles.rooms}>{roomsText(a.rooms)}</span> : null}
                  {a?.location ? (
                    <span className={styles.place} dir="auto">
                      {a.location}
                    </span>
                  ) : null}
                </span>
                <Icon icon="chevron-right" size={14} />
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
