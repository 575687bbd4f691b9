import { Button, InputGroup, Spinner } from "@blueprintjs/core";
import clsx from "clsx";
import { useState } from "react";
import { useTranslation } from "../../../i18n/index.ts";
import styles from "./PlaceSearch.module.css";
import { type Place, usePlaceSearch } from "./useMapData.ts";

// The map's place search: a street or place, geocoded by the server; the map
// flies to the first hit. An empty answer says 'No results'; a failure says what the server said.

interface Props {
  onPlace: (place: Place) => void;
  className?: string;
}

export function PlaceSearch({ onPlace, className }: Props) {
  const { t } = useTranslation("properties");
  const [text, setText] = useState("");
  const search = usePlaceSearch();
  const found = search.data?.[0];

  const submit = () => {
    const q = text.trim();
    if (!q || search.isPending) return;
    search.mutate(q, {
      onSuccess: (places) => {
        if (places[0]) onPlace(places[0]);
      },
    });
  };

  return (
    <search className={clsx(styles.search, className)}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <InputGroup
          type="search"
          leftIcon="geosearch"
          placeholder={t("map.placeholder")}
          aria-label={t("map.placeLabel")}
          dir="auto"
          value={text}
          maxLength={200}
          onValueChange={(value) => {
            setText(value);
            if (!search.isIdle) search.reset();
          }}
          rightElement={
            search.isPending ? (
              <Spinner size={16} className={styles.spinner} aria-label={t("map.searching")} />
            ) : (
              <Button
                type="submit"
                variant="minimal"
                icon="arrow-right"
                aria-label={t("map.go")}
                disabled={!text.trim()}
              />
            )
          }
        />
        {search.isError ? (
          <div className={clsx(styles.note, styles.error)} role="alert" data-testid="place-note">
            {search.error.message}
          </div>
        ) : search.isSuccess ? (
          <div className={styles.note} role="status" dir="auto" data-testid="place-note">
            {found ? found.displayName : t("map.noResults")}
          </div>
        ) : null}
      </form>
    </search>
  );
}
