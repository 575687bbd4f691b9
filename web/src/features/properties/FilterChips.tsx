import { Button, Classes, Icon, Tag } from "@blueprintjs/core";
import { useTranslation } from "../../i18n/index.ts";
import styles from "./FilterChips.module.css";
import { chipsOf, NO_FILTERS, withoutFilter } from "./filters.ts";
import type { PropertyFilters } from "./types.ts";

// The active filters as chips: each one's × removes that filter; with two or
// more, 'Clear all' removes every one. The × is our own button in Blueprint's place, which names
// itself only in English.

interface Props {
  filters: PropertyFilters;
  /** The neighbourhood's name, once the options have loaded. */
  areaName: string | null;
  onChange: (filters: PropertyFilters) => void;
}

export function FilterChips({ filters, areaName, onChange }: Props) {
  const { t } = useTranslation("properties");
  const chips = chipsOf(filters, areaName);
  if (!chips.length) return null;
  return (
    <ul className={styles.chips} aria-label={t("filters.active")}>
      {chips.map((chip) => (
        <li key={chip.key}>
          <Tag
            round
            size="large"
            intent="primary"
            minimal
            icon={
              chip.key === "neighborhoodCode"
                ? "map-marker"
                : chip.key === "availableBy"
                  ? "calendar"
                  : undefined
            }
            endIcon={
              <button
                type="button"
                aria-label={t("filters.remove")}
                className={Classes.TAG_REMOVE}
                onClick={() => onChange(withoutFilter(filters, chip.key))}
                // Enter did not reach this click inside Blueprint's tag (the Hebrew spec): the keys act here.
                onKeyDown={(event) => {
                  if (event.key !== "Enter" && event.key !== " ") return;
                  event.preventDefault();
                  onChange(withoutFilter(filters, chip.key));
                }}
              >
                <Icon icon="small-cross" size={20} />
              </button>
            }
            data-filter={chip.key}
          >
            <span dir="auto">{chip.label}</span>
          </Tag>
        </li>
      ))}
      {chips.length > 1 ? (
        <li>
          <Button variant="minimal" size="small" onClick={() => onChange(NO_FILTERS)}>
            {t("filters.clearAll")}
          </Button>
        </li>
      ) : null}
    </ul>
  );
}
