import Overlay from "ol/Overlay.js";
import styles from "./createPropertyMap.module.css";

// The map's hover tooltip: a title and an optional note (a warning when the area is unsupported).

const TOOLTIP_TAP_MS = 2500;

export interface MapTooltip {
  overlay: Overlay;
  /** `text` is "title\nnote"; null hides the tooltip. */
  show: (text: string | null, coordinate?: number[], unsupported?: boolean) => void;
  /** Touch screens have no hover: a tap shows what a hover would, for a moment. */
  flash: (text: string | null, coordinate: number[]) => void;
  dispose: () => void;
}

export function createMapTooltip(): MapTooltip {
  // Made here, not by React: OpenLayers moves an overlay's element into its own container.
  const tip = document.createElement("div");
  tip.className = styles.tooltip;
  tip.dataset.testid = "map-tooltip";
  const overlay = new Overlay({
    element: tip,
    positioning: "bottom-center",
    offset: [0, -16],
    stopEvent: false,
  });
  let tapTimer: ReturnType<typeof setTimeout> | undefined;
  const show: MapTooltip["show"] = (text, coordinate, unsupported = false) => {
    clearTimeout(tapTimer);
    if (!text || !coordinate) {
      overlay.setPosition(undefined);
      return;
    }
    const [title, note] = text.split("\n");
    tip.replaceChildren(line("strong", title ?? ""));
    if (note) tip.append(line("span", note, unsupported ? styles.warn : styles.note));
    overlay.setPosition(coordinate);
  };
  return {
    overlay,
    show,
    flash(text, coordinate) {
      show(text, coordinate, true);
      tapTimer = setTimeout(() => show(null), TOOLTIP_TAP_MS);
    },
    dispose: () => clearTimeout(tapTimer),
  };
}

function line(tag: "strong" | "span", text: string, className?: string): HTMLElement {
  const element = document.createElement(tag);
  if (className) element.className = className;
  element.textContent = text;
  element.dir = "auto";
  return element;
}
