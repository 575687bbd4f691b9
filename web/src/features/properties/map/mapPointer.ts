import type { FeatureLike } from "ol/Feature.js";
import { markerTitle } from "./labels.ts";
import { areaAt, areaTip, type MapParts, markerAt } from "./mapParts.ts";

// The pointer over the properties map: the hovered marker drawn as such, a tooltip naming the
// marker's price or the area under the pointer, and the pointer's cursor.

/** Starts following the pointer; the answer stops it. */
export function followPointer(parts: MapParts): () => void {
  // Hit detection once per frame at most, however fast the pointer moves.
  let pending: { coordinate: number[] } | null = null;
  const frame = () => {
    const event = pending;
    pending = null;
    if (event) hoverAt(parts, event.coordinate);
  };
  parts.map.on("pointermove", (event) => {
    if (event.dragging) return;
    if (!pending) requestAnimationFrame(frame);
    pending = { coordinate: event.coordinate };
  });
  const leave = () => {
    pending = null;
    parts.tooltip.show(null);
    parts.boundaries.setHover(null);
    setHovered(parts, null);
  };
  parts.target.addEventListener("pointerleave", leave);
  return () => parts.target.removeEventListener("pointerleave", leave);
}

function setHovered({ look, listings }: MapParts, marker: FeatureLike | null): void {
  if (look.hovered === marker) return;
  look.hovered = marker;
  listings.changed();
}

function hoverAt(parts: MapParts, coordinate: number[]): void {
  const marker = markerAt(parts, coordinate);
  setHovered(parts, marker);
  if (marker) {
    hoverMarker(parts, marker);
    return;
  }
  const area = areaAt(parts, coordinate);
  parts.boundaries.setHover(area);
  const supported = area ? parts.boundaries.isSupported(area) : false;
  parts.target.style.cursor = supported ? "pointer" : "";
  parts.tooltip.show(area ? areaTip(parts, area) : null, coordinate, !supported);
}

function hoverMarker({ boundaries, target, listings, popup, tooltip }: MapParts, marker: FeatureLike): void {
  boundaries.setHover(null);
  target.style.cursor = "pointer";
  const hit = listings.hit(marker);
  const open = popup.getPosition();
  // The marker whose card is open needs no tooltip (it would peek out from under the card).
  if (open && hit && hit.coordinate[0] === open[0] && hit.coordinate[1] === open[1]) tooltip.show(null);
  else if (hit) {
    const title =
      hit.kind === "cluster"
        ? markerTitle({ count: hit.total, price: null })
        : markerTitle({ count: 1, price: hit.price });
    tooltip.show(title, hit.coordinate);
  }
}
