import type { FeatureLike } from "ol/Feature.js";
import { Fill, Stroke, Style, Text } from "ol/style.js";
import {
  areaTitle,
  codeOf,
  labelSize,
  SELECTED,
  UNSELECTED,
  UNSUPPORTED,
  withAlpha,
} from "../../../lib/map/style.ts";

// The boundaries' look on the properties map. The colours are the area picker's (selected
// #FF5A5F, unselected #00A699) but the fills are lighter: here listings are drawn on top and must
// stay readable. Every style is made once and kept; a label style per text, size and theme.

/** What an area the product does not cover says, in Hebrew. */
export const NO_SUPPORT = "אין תמיכה באזור זה";

export type AreaKind = "supported" | "unsupported";

const outline = {
  supported: new Style({
    fill: new Fill({ color: withAlpha(UNSELECTED, 0.05) }),
    stroke: new Stroke({ color: withAlpha(UNSELECTED, 0.8), width: 1.25 }),
  }),
  unsupported: new Style({
    fill: new Fill({ color: withAlpha(UNSUPPORTED, 0.1) }),
    stroke: new Stroke({ color: withAlpha(UNSUPPORTED, 0.7), width: 1, lineDash: [4, 4] }),
  }),
};

/** The area under the pointer: a stronger outline and fill, drawn on a layer of its own. */
export const hoverStyle: Record<AreaKind, Style> = {
  supported: new Style({
    fill: new Fill({ color: withAlpha(UNSELECTED, 0.14) }),
    stroke: new Stroke({ color: UNSELECTED, width: 2.5 }),
  }),
  unsupported: new Style({
    fill: new Fill({ color: withAlpha(UNSUPPORTED, 0.2) }),
    stroke: new Stroke({ color: UNSUPPORTED, width: 1.5, lineDash: [4, 4] }),
  }),
};

/** The chosen neighbourhood: red, with a soft halo so it reads on both tile themes. */
export const selectedStyle: Style[] = [
  new Style({ stroke: new Stroke({ color: withAlpha(SELECTED, 0.3), width: 8 }) }),
  new Style({
    fill: new Fill({ color: withAlpha(SELECTED, 0.14) }),
    stroke: new Stroke({ color: SELECTED, width: 3 }),
  }),
];

const labels = new Map<string, Style>();

function labelStyle(text: string, size: number, dark: boolean): Style {
  const key = `${text}:${size}:${dark}`;
  let style = labels.get(key);
  if (!style) {
    style = new Style({
      text: new Text({
        text,
        font: `600 ${size}px system-ui, -apple-system, "Segoe UI", Arial, sans-serif`,
        fill: new Fill({ color: dark ? "#d3d8de" : "#404854" }),
        stroke: new Stroke({ color: dark ? "rgba(28, 33, 39, 0.9)" : "rgba(255, 255, 255, 0.92)", width: 3 }),
        // A name wider than its area is left out rather than spilling over the neighbours'.
        overflow: false,
      }),
    });
    labels.set(key, style);
  }
  return style;
}

/** Supported or not, by the feature's code; a city is supported when it has coded neighbourhoods. */
export function kindOf(feature: FeatureLike, supportedCities: ReadonlySet<number>): AreaKind {
  if (feature.get("type") === "city" && !codeOf(feature.get("hoodCode"))) {
    return supportedCities.has(Number(feature.get("cityCode"))) ? "supported" : "unsupported";
  }
  return codeOf(feature.get("hoodCode")) === null ? "unsupported" : "supported";
}

export interface BoundaryLook {
  dark: boolean;
  zoomFor: (resolution: number) => number;
  supportedCities: ReadonlySet<number>;
}

/** City names from zoom 10; neighbourhood names at 13 and up, sized like the area picker's. */
export function boundaryStyle(read: () => BoundaryLook, layer: "city" | "hood") {
  return (feature: FeatureLike, resolution: number): Style[] => {
    const look = read();
    const kind = kindOf(feature, look.supportedCities);
    const zoom = look.zoomFor(resolution);
    const size = layer === "city" ? (zoom >= 10 ? 12 : null) : labelSize(zoom);
    if (size === null) return [outline[kind]];
    return [outline[kind], labelStyle(areaTitle(feature.getProperties(), true), size, look.dark)];
  };
}
