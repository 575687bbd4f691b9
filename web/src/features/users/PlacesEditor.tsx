import { Button, Callout, FormGroup, InputGroup } from "@blueprintjs/core";
import type { Place as Found } from "@dirabot/api";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useMemo, useState } from "react";
import { useTranslation } from "../../i18n/index.ts";
import { api } from "../../lib/api.ts";
import { placesOf } from "../../lib/distance.ts";
import type { User } from "../auth/index.ts";
import { useAuth } from "../auth/index.ts";
import { updateUser } from "./api.ts";
import { textDir } from "./bidi.ts";
import { PlacePickerMap } from "./PlacePickerMap.tsx";
import styles from "./PlacesEditor.module.css";
import {
  addRow,
  PLACE_NAME_MAX,
  PLACES_MAX,
  type PlaceRow,
  removeRow,
  renameRow,
  rowsOf,
  rowsValid,
  sameAsSaved,
  shortAddress,
  toBody,
} from "./places.ts";
import shared from "./shared.module.css";

// The profile's Places: up to five places that matter (work, school, parents…), each found by
// its address (the map's place search, GET /api/geocode) or a click on the map, named freely,
// removed; Save sends the whole list with PATCH /api/users/{id}. Bots can then ask for flats
// near them, and every flat says how far it is.

type Picked = { lat: number; lon: number; address: string | null };

export function PlacesEditor({ user }: { user: User }) {
  const { t } = useTranslation("users");
  const { setUser } = useAuth();
  const saved = useMemo(() => placesOf(user), [user]);
  const [rows, setRows] = useState<PlaceRow[]>(() => rowsOf(saved));
  const [name, setName] = useState("");
  const [query, setQuery] = useState("");
  const [picked, setPicked] = useState<Picked | null>(null);
  const [done, setDone] = useState(false);

  const search = useMutation({
    mutationFn: (q: string) => api.get<Found[]>("/api/geocode", { q }),
    onSuccess: (found) => {
      const first = found[0];
      if (first) setPicked({ lat: first.lat, lon: first.lon, address: first.displayName });
    },
  });
  const save = useMutation({
    mutationFn: () => updateUser(user._id, { places: toBody(rows) }),
    onSuccess: (next) => {
      setDone(true);
      setRows(rowsOf(placesOf(next)));
      setUser(next);
    },
    onError: () => setDone(false),
  });
  const changed = !sameAsSaved(rows, saved);
  const full = rows.length >= PLACES_MAX;
  const canAdd = !full && name.trim().length > 0 && picked !== null;

  const find = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (q && !search.isPending) search.mutate(q);
  };
  const add = () => {
    if (!canAdd || !picked) return;
    setRows(addRow(rows, { name, lat: picked.lat, lon: picked.lon }));
    setName("");
    setQuery("");
    setPicked(null);
    search.reset();
    setDone(false);
  };
  const edit = (next: PlaceRow[]) => {
    setRows(next);
    setDone(false);
  };

  return (
    <div className={styles.editor}>
      <p className={styles.intro}>{t("places.intro", { max: PLACES_MAX })}</p>
      {rows.length ? (
        <ul className={styles.rows} aria-label={t("places.list")}>
          {rows.map((row, i) => (
            <li key={row.key} className={styles.row} data-testid="place-row">
              <InputGroup
                aria-label={t("places.nameOf", { n: i + 1 })}
                dir={textDir(row.name)}
                value={row.name}
                maxLength={PLACE_NAME_MAX}
                onValueChange={(value) => edit(renameRow(rows, row.key, value))}
                intent={row.name.trim() ? "none" : "danger"}
                leftIcon="map-marker"
              />
              <bdi dir="ltr" className={styles.point}>
                {row.lat.toFixed(4)}, {row.lon.toFixed(4)}
              </bdi>
              <Button
                variant="minimal"
                icon="trash"
                intent="danger"
                aria-label={t("places.remove", { name: row.name.trim() || t("places.unnamed") })}
                onClick={() => edit(removeRow(rows, row.key))}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.none}>{t("places.none")}</p>
      )}
      {full ? (
        <Callout intent="primary" icon="info-sign" compact>
          {t("places.full", { max: PLACES_MAX })}
        </Callout>
      ) : (
        <fieldset className={styles.add}>
          <legend className={styles.legend}>{t("places.add")}</legend>
          <div className={styles.fields}>
            <FormGroup label={t("places.name")} labelFor="place-name">
              <InputGroup
                id="place-name"
                placeholder={t("places.namePlaceholder")}
                dir={textDir(name)}
                value={name}
                maxLength={PLACE_NAME_MAX}
                onValueChange={setName}
              />
            </FormGroup>
            <form onSubmit={find}>
              <FormGroup label={t("places.address")} labelFor="place-address">
                <InputGroup
                  id="place-address"
                  type="search"
                  leftIcon="geosearch"
                  dir="auto"
                  placeholder={t("places.addressPlaceholder")}
                  value={query}
                  maxLength={200}
                  onValueChange={setQuery}
                  rightElement={
                    <Button
                      type="submit"
                      variant="minimal"
                      icon="arrow-right"
                      aria-label={t("places.find")}
                      loading={search.isPending}
                      disabled={!query.trim()}
                    />
                  }
                />
              </FormGroup>
            </form>
          </div>
          <div className={styles.status} role="status" data-testid="place-picked">
            {search.isError ? (
              <span className={shared.failed}>{search.error.message}</span>
            ) : search.isSuccess && !search.data.length ? (
              t("places.noResults")
            ) : picked ? (
              <>
                {t("places.picked")}{" "}
                <bdi>
                  {picked.address
                    ? shortAddress(picked.address)
                    : `${picked.lat.toFixed(4)}, ${picked.lon.toFixed(4)}`}
                </bdi>
              </>
            ) : (
              t("places.clickMap")
            )}
          </div>
          <PlacePickerMap
            places={rows}
            picked={picked}
            onPick={(point) => {
              setPicked({ ...point, address: null });
              search.reset();
            }}
            label={t("places.map")}
            zoomLabels={{ in: t("places.zoomIn"), out: t("places.zoomOut") }}
          />
          <div>
            <Button icon="add" onClick={add} disabled={!canAdd}>
              {t("places.addButton")}
            </Button>
          </div>
        </fieldset>
      )}
      <div className={shared.actions}>
        <Button
          intent="primary"
          size="large"
          onClick={() => save.mutate()}
          loading={save.isPending}
          disabled={save.isPending || !changed || !rowsValid(rows)}
        >
          {t("places.save")}
        </Button>
        {done && !changed ? (
          <span className={shared.saved} role="status">
            {t("places.saved")}
          </span>
        ) : null}
        {save.isError ? (
          <span className={shared.failed} role="alert">
            {save.error.message || t("places.failed")}
          </span>
        ) : null}
      </div>
    </div>
  );
}
