import { fromLonLat, toLonLat } from "ol/proj.js";
import type View from "ol/View.js";
import type { MapPosition } from "../types.ts";
import { roundPosition, samePosition } from "./rules.ts";

/**
 * The last position given or reported, so that a move is reported once and a position given is
 * not. A position given is applied only when it is news: the page hands the address's position
 * in again on every render that reads the address anew, and that echo must not pull back a view
 * the user is moving (a zoom's animation, a drag, a flight to a place) before it has settled.
 */
export function placeKeeper(view: View, initial: MapPosition) {
  let known = roundPosition(initial);
  const now = (): MapPosition => {
    const [lon, lat] = toLonLat(view.getCenter() ?? [0, 0]) as [number, number];
    return roundPosition({ lat, lon, zoom: view.getZoom() ?? known.zoom });
  };
  return {
    known: () => known,
    settled(report: (position: MapPosition) => void) {
      const position = now();
      if (samePosition(position, known)) return;
      known = position;
      report(position);
    },
    set(position: MapPosition) {
      if (samePosition(position, known) || samePosition(position, now())) return;
      known = roundPosition(position);
      view.cancelAnimations();
      view.setCenter(fromLonLat([position.lon, position.lat]));
      view.setZoom(position.zoom);
    },
  };
}
