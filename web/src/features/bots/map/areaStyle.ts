import type { FeatureLike } from "ol/Feature.js";
import { Fill, Stroke, Style, Text } from "ol/style.js";
import { type AreaState, areaColours, areaTitle, codeOf, labelSize } from "../../../lib/map/style.ts";

// OpenLayers styles for the boundaries: a polygon style per state (made once) plus, from zoom 13,
// a label sized for the zoom. Labels are decluttered by the layer so they never pile up.

const polygon = new Map<string, Style>();

function polygonStyle(state: AreaState, hovered: boolean): Style {
  const key = `${state}:${hovered}`;
  let style = polygon.get(key);
  if (!style) {
    const c = areaColours(state);
    style = new Style({
      // Selected and hovered outlines are drawn over their neighbours' so they show whole.
      zIndex: state === "selected" ? 2 : hovered ? 1 : 0,
      fill: new Fill({ color: c.fill }),
      stroke: new Stroke({
        color: c.stroke,
        width: hovered && state !== "unsupported" ? c.width + 1.5 : c.width,
      }),
    });
    polygon.set(key, style);
  }
  return style;
}

/** Whether the areas' names are drawn at this zoom (the hint to zoom in shows only while they are not). */
export const namesShownAt = (zoom: number): boolean => labelSize(zoom) !== null;

export interface StyleState {
  selected: ReadonlySet<number>;
  hovered: FeatureLike | null;
  dark: boolean;
  zoomFor: (resolution: number) => number;
}

export function stateOf(feature: FeatureLike, selected: ReadonlySet<number>): AreaState {
  const code = codeOf(feature.get("hoodCode"));
  if (code === null) return "unsupported";
  return selected.has(code) ? "selected" : "unselected";
}

/** The layer's style function; `read` returns the current selection, hover and theme. */
export function areaStyle(read: () => StyleState) {
  return (feature: FeatureLike, resolution: number): Style[] => {
    const s = read();
    const state = stateOf(feature, s.selected);
    const styles = [polygonStyle(state, s.hovered === feature)];
    const size = labelSize(s.zoomFor(resolution));
    if (size !== null && state !== "unsupported") {
      const weight = state === "selected" ? 700 : 500;
      styles.push(
        new Style({
          text: new Text({
            text: areaTitle(feature.getProperties(), true),
            font: `${weight} ${size}px system-ui, -apple-system, "Segoe UI", Arial, sans-serif`,
            fill: new Fill({ color: s.dark ? "#f6f7f9" : "#1c2127" }),
            stroke: new Stroke({
              color: s.dark ? "rgba(28, 33, 39, 0.9)" : "rgba(255, 255, 255, 0.9)",
              width: 3,
            }),
            overflow: false,
          }),
        }),
      );
    }
    return styles;
  };
}
