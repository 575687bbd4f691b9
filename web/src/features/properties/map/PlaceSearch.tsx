import { Button, InputGroup, Spinner } from "@blueprintjs/core";
import { useState } from "react";
import { type Place, usePlaceSearch } from "./useMapData.ts";

// The map's place search: a street or place, geocoded by the server; the map
// flies to the first hit. An empty answer says 'No results'; a failure says what the server said.

interface Props {
  onPlace: (place: Place) => void;
}

export function PlaceSearch({ onPlace }: Props) {
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
    <search className="property-map__search">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <InputGroup
          type="search"
          leftIcon="geosearch"
          placeholder="Go to a street or place…"
          aria-label="Find a place on the map"
          dir="auto"
          value={text}
          maxLength={200}
          onValueChange={(value) => {
            setText(value);
            if (!search.isIdle) search.reset();
          }}
          rightElement={
            search.isPending ? (
              <Spinner size={16} className="property-map__search-spinner" aria-label="Searching" />
            ) : (
              <Button
                type="submit"
                variant="minimal"
                icon="arrow-right"
                aria-label="Go"
                disabled={!text.trim()}
              />
            )
          }
        />
        {search.isError ? (
          <div className="property-map__note is-error" role="alert">
            {search.error.message}
          </div>
        ) : search.isSuccess ? (
          <div className="property-map__note" role="status" dir="auto">
            {found ? found.displayName : "No results"}
          </div>
        ) : null}
      </form>
    </search>
  );
}
