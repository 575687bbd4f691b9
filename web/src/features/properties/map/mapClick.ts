import { getCenter, getHeight, getWidth } from "ol/extent.js";
import { codeOf } from "../../../lib/map/style.ts";
import type { PropertyMapEvents } from "./createPropertyMap.ts";
import type { MarkerHit } from "./listingLayer.ts";
import { areaAt, areaTip, type MapParts, markerAt } from "./mapParts.ts";
import { BOUNDARY_SWITCH_ZOOM, MAX_ZOOM } from "./rules.ts";

// A click on the properties map: a listing opens, a cluster opens up (or lists its members), an
// area is chosen (a city zoomed into), anything else closes the popups.

/** `events` is read at each click: the component replaces them as it renders. */
export function onMapClick(parts: MapParts, events: () => PropertyMapEvents, zoomNow: () => number): void {
  parts.map.on("click", (event) => {
    const marker = markerAt(parts, event.coordinate);
    const hit = marker ? parts.listings.hit(marker) : null;
    if (hit?.kind === "listing") return events().onListings([hit.id], hit.coordinate);
    if (hit?.kind === "cluster") return openCluster(parts, hit, events(), zoomNow());
    events().onBlankClick();
    clickArea(parts, event.coordinate, events());
  });
}

function clickArea(parts: MapParts, coordinate: number[], events: PropertyMapEvents): void {
  const area = areaAt(parts, coordinate);
  if (!area) return;
  if (!parts.boundaries.isSupported(area)) {
    parts.tooltip.flash(areaTip(parts, area), coordinate);
    return;
  }
  const code = codeOf(area.get("hoodCode"));
  if (code !== null) events.onAreaClick(code);
  // A city: neighbourhoods are chosen from zoom 13, so go there.
  else parts.view.animate({ center: coordinate, zoom: BOUNDARY_SWITCH_ZOOM + 0.5, duration: 450 });
}

function openCluster(
  { map, view }: MapParts,
  hit: Extract<MarkerHit, { kind: "cluster" }>,
  events: PropertyMapEvents,
  zoom: number,
): void {
  const spot = getWidth(hit.extent) < 1 && getHeight(hit.extent) < 1;
  // The same building, or as deep as the map goes: no zoom separates them, so list them.
  if (hit.ids.length === hit.total && (spot || zoom >= MAX_ZOOM - 0.5)) {
    events.onListings(hit.ids, hit.coordinate);
    return;
  }
  const [w = 400, h = 400] = map.getSize() ?? [];
  // The members' extent with room around it; a spot (server cells, one building) gets two levels.
  const room = [Math.max(1, w - 160), Math.max(1, h - 160)];
  const fit = spot
    ? zoom + 2
    : (view.getZoomForResolution(view.getResolutionForExtent(hit.extent, room)) ?? zoom + 2);
  view.animate({
    center: spot ? hit.coordinate : getCenter(hit.extent),
    zoom: Math.min(MAX_ZOOM, Math.max(zoom + 1, Math.min(fit, zoom + 4))),
    duration: 450,
  });
}
