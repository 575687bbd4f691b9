import { fromLonLat } from "ol/proj.js";
import type { MapParts } from "./mapParts.ts";

// The properties map's moves the component asks for: a flight to a place, a pan that shows the
// popup's card whole.

/** The place search's answer: fly there and ring the spot. */
export function flyTo({ view, place }: MapParts, lon: number, lat: number, zoom: number): void {
  const centre = fromLonLat([lon, lat]);
  place.set(centre);
  view.cancelAnimations();
  // Out a little and back in, so a long way reads as a flight rather than a jump.
  const from = view.getZoom() ?? zoom;
  const duration = 1200;
  view.animate({ center: centre, duration });
  view.animate({ zoom: Math.min(from, zoom) - 1, duration: duration / 2 }, { zoom, duration: duration / 2 });
}

/**
 * Pans so the popup's card lies inside the map, `topInset` px below its top edge (the floating
 * controls) and 12 px from the others.
 */
export function revealPopup({ map, view, popup, popupElement, target }: MapParts, topInset: number): void {
  if (!popup.getPosition()) return;
  const card = popupElement.getBoundingClientRect();
  const box = target.getBoundingClientRect();
  const margin = 12;
  const shift = (low: number, high: number, min: number, max: number) =>
    low < min ? low - min : high > max ? Math.min(high - max, low - min) : 0;
  const dx = shift(card.left, card.right, box.left + margin, box.right - margin);
  const dy = shift(card.top, card.bottom, box.top + topInset, box.bottom - margin - 24);
  if (!dx && !dy) return;
  const [cx = 0, cy = 0] = map.getPixelFromCoordinate(view.getCenter() ?? [0, 0]) ?? [];
  view.animate({ center: map.getCoordinateFromPixel([cx + dx, cy + dy]), duration: 250 });
}
