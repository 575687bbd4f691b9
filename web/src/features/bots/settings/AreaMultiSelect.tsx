import { Button, Menu, MenuDivider, MenuItem } from "@blueprintjs/core";
import { type ItemListRenderer, type ItemRenderer, MultiSelect } from "@blueprintjs/select";
import { type KeyboardEvent, useMemo, useState } from "react";
import { formatNumber } from "../../../i18n/format.ts";
import { useTranslation } from "../../../i18n/index.ts";
import type { NeighborhoodOption } from "../api.ts";
import { typedDir } from "../texts.ts";
import { areaLabel, groupAreas, homeCitiesFirst, matchesArea, shortName } from "./areas.ts";
import "@blueprintjs/select/lib/css/blueprint-select.css";
import styles from "./AreaMultiSelect.module.css";

// The Areas list: a searchable multi-select whose menu is grouped by category (the city).
// Picking a selected row again removes it, as does a tag's ×. The menu draws at most MAX_ROWS rows
// (a thousand menu items take a second to open on a slow phone); the search box reaches the rest.
// Area names are data: each row and tag isolates its name (<bdi>) from the text around it.
// Enter in the search picks the highlighted row (Blueprint does it on key-up) and never submits
// the form around it: its key-down, which a form takes as "submit", goes no further.

const MAX_ROWS = 200;

/** Enter in the search box is the list's (pick a row), not the form's (submit); the buttons beside it still press. */
function keepEnter(event: KeyboardEvent<HTMLElement>) {
  if (event.key === "Enter" && event.target instanceof HTMLInputElement) event.preventDefault();
}

interface Props {
  options: NeighborhoodOption[];
  selected: number[];
  onToggle: (code: number) => void;
  onClear: () => void;
  loading: boolean;
  /** Focus the search on mounting (the first field of a step). */
  autoFocus?: boolean;
}

export function AreaMultiSelect({ options, selected, onToggle, onClear, loading, autoFocus }: Props) {
  const { t } = useTranslation("bots");
  // Kept here only for the search box's direction (typedDir).
  const [query, setQuery] = useState("");
  const byCode = new Map(options.map((o) => [o.code, o]));
  const ordered = useMemo(() => homeCitiesFirst(options), [options]);
  const chosen = selected.flatMap((code) => byCode.get(code) ?? []);
  const isSelected = (o: NeighborhoodOption) => selected.includes(o.code);

  const renderItem: ItemRenderer<NeighborhoodOption> = (option, { handleClick, handleFocus, modifiers }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={option.code}
        text={<bdi>{shortName(areaLabel(option))}</bdi>}
        roleStructure="listoption"
        selected={isSelected(option)}
        active={modifiers.active}
        onClick={handleClick}
        onFocus={handleFocus}
      />
    ) : null;

  const renderList: ItemListRenderer<NeighborhoodOption> = ({
    filteredItems,
    itemsParentRef,
    renderItem: row,
    menuProps,
  }) => {
    if (filteredItems.length === 0)
      return (
        <Menu ulRef={itemsParentRef} {...menuProps}>
          <MenuItem
            disabled
            text={loading ? t("areas.loading") : t("areas.noMatch")}
            roleStructure="listoption"
          />
        </Menu>
      );
    const shown = filteredItems.slice(0, MAX_ROWS);
    const at = new Map(shown.map((option, index) => [option, index]));
    const more = filteredItems.length - shown.length;
    return (
      <Menu ulRef={itemsParentRef} {...menuProps} className={styles.menu}>
        {groupAreas(shown).flatMap((group) => [
          <MenuDivider key={`group:${group.category}`} title={<bdi>{group.category}</bdi>} />,
          ...group.options.map((option) => row(option, at.get(option) ?? 0)),
        ])}
        {more > 0 ? (
          <MenuItem
            disabled
            icon="search"
            text={t("areas.more", { count: more, n: formatNumber(more) })}
            roleStructure="listoption"
          />
        ) : null}
      </Menu>
    );
  };

  return (
    <MultiSelect<NeighborhoodOption>
      items={ordered}
      selectedItems={chosen}
      itemsEqual="code"
      itemPredicate={matchesArea}
      itemRenderer={renderItem}
      itemListRenderer={renderList}
      onItemSelect={(option) => onToggle(option.code)}
      onRemove={(option) => onToggle(option.code)}
      onClear={chosen.length ? onClear : undefined}
      query={query}
      onQueryChange={setQuery}
      tagRenderer={(option) => <bdi>{shortName(areaLabel(option))}</bdi>}
      tagInputProps={{
        tagProps: (_node, index) => ({
          minimal: true,
          round: true,
          title: chosen[index] ? areaLabel(chosen[index]) : undefined,
        }),
        inputProps: { "aria-label": t("areas.search"), dir: typedDir(query), autoFocus },
        // Blueprint's own clear button, with its name in the reader's language.
        rightElement: chosen.length ? (
          <Button
            variant="minimal"
            icon="cross"
            aria-label={t("areas.clear")}
            title={t("areas.clear")}
            onClick={onClear}
          />
        ) : undefined,
      }}
      placeholder={loading ? t("areas.loading") : t("areas.searchPlaceholder")}
      popoverProps={{ minimal: true, matchTargetWidth: true, placement: "bottom-start" }}
      popoverTargetProps={{ onKeyDown: keepEnter }}
      resetOnSelect={false}
      fill
    />
  );
}
