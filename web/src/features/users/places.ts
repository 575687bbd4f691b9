import { PLACES_MAX, type SavedPlace } from "../../lib/distance.ts";

// The Places editor's list: what is added, renamed and removed before Save, and what
// PATCH /api/users/{id} receives (the whole list; a kept place sends its id, a new one none).

export const PLACE_NAME_MAX = 40;
export { PLACES_MAX };

/** A row of the editor: a saved place keeps its id; `key` tells rows apart before they have one. */
export interface PlaceRow extends SavedPlace {
  key: string;
}

let next = 0;
const newKey = () => `new-${++next}`;

export const rowsOf = (places: readonly SavedPlace[]): PlaceRow[] =>
  places.map((p) => ({ ...p, key: p.id ?? newKey() }));

export function addRow(rows: readonly PlaceRow[], place: Omit<SavedPlace, "id">): PlaceRow[] {
  if (rows.length >= PLACES_MAX) return [...rows];
  return [...rows, { ...place, name: place.name.trim().slice(0, PLACE_NAME_MAX), key: newKey() }];
}

export const renameRow = (rows: readonly PlaceRow[], key: string, name: string): PlaceRow[] =>
  rows.map((r) => (r.key === key ? { ...r, name: name.slice(0, PLACE_NAME_MAX) } : r));

export const removeRow = (rows: readonly PlaceRow[], key: string): PlaceRow[] =>
  rows.filter((r) => r.key !== key);

/** Every row needs a name; the list at most PLACES_MAX. */
export const rowsValid = (rows: readonly PlaceRow[]): boolean =>
  rows.length <= PLACES_MAX && rows.every((r) => r.name.trim().length > 0);

export const toBody = (rows: readonly PlaceRow[]): SavedPlace[] =>
  rows.map(({ id, name, lat, lon }) =>
    id ? { id, name: name.trim(), lat, lon } : { name: name.trim(), lat, lon },
  );

/** Whether the rows say what the saved list says (Save turns off). */
export function sameAsSaved(rows: readonly PlaceRow[], saved: readonly SavedPlace[]): boolean {
  if (rows.length !== saved.length) return false;
  return rows.every((r, i) => {
    const s = saved[i];
    return s && r.id === s.id && r.name.trim() === s.name && r.lat === s.lat && r.lon === s.lon;
  });
}

/** A geocoder's long answer ("Rothschild Boulevard, Lev HaIr, Tel Aviv…") cut to its first part. */
export const shortAddress = (displayName: string): string => displayName.split(",")[0]?.trim() ?? displayName;
