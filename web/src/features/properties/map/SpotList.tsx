import { Button, Classes, Icon } from "@blueprintjs/core";
import { formatPrice } from "../filters.ts";
import { roomsText } from "../format.ts";
import type { PropertyAsset } from "../types.ts";

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
  return (
    <section className="listing-popup listing-popup--list" aria-label={`${ids.length} listings here`}>
      <header className="listing-popup__list-head">
        <strong>{ids.length} listings here</strong>
        <Button variant="minimal" size="small" icon="cross" aria-label="Close" onClick={onClose} />
      </header>
      <ul className="listing-popup__rows">
        {ids.map((id, i) => {
          const a = known.get(id);
          return (
            <li key={id}>
              <button type="button" className="listing-popup__row" onClick={() => onPick(id)}>
                <span className="listing-popup__row-price">
                  {a?.price != null ? formatPrice(a.price) : `Listing ${i + 1}`}
                </span>
                <span className={`${Classes.TEXT_MUTED} listing-popup__row-meta`}>
                  {a?.rooms != null ? (
                    <span className="listing-popup__row-rooms">{roomsText(a.rooms)}</span>
                  ) : null}
                  {a?.location ? (
                    <span className="listing-popup__row-place" dir="auto">
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
