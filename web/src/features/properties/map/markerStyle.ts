import type { FeatureLike } from "ol/Feature.js";
import { Circle, Fill, Icon, Stroke, Style } from "ol/style.js";
import { i18n } from "../../../i18n/index.ts";
import { bubbleRadius, countLabel, priceLabel } from "./labels.ts";

// The listings' markers: a price pill for one listing ("₪6,500"), a dot when it has no price, a
// bubble with the number of listings for a cluster. Pills and bubbles are drawn once on a canvas
// (rounded corners and a shadow, which OpenLayers' own shapes lack) and kept by what they show, so
// a frame with thousands of markers makes no new styles: panning only re-draws cached images.
//
// From zoom 15 nothing is clustered, so in a busy street pills would pile up. There the
// layer declutters them: a pill that would overlap another is left out, and the listing shows as
// the dot drawn under every pill, so each listing stays visible and clickable. The active pill
// (hovered or open) outranks the rest; bubbles are obstacles pills keep clear of. Below 15 the
// clusters already keep markers apart, and nothing is decluttered (it costs time every frame).

export type MarkerState = "normal" | "active";

/** What the layer's style function needs besides the feature. */
export interface MarkerLook {
  dark: boolean;
  /** The id of the listing whose popup is open, and the cluster or listing under the pointer. */
  selectedId: string | null;
  hovered: FeatureLike | null;
  /** From zoom 15 nothing is clustered and pills may collide: only then are they decluttered. */
  crowded: boolean;
}

const FONT = 'system-ui, -apple-system, "Segoe UI", Arial, sans-serif';
const BLUE = "#2D72D2";
const SHADOW = 4;
/** A cache is a few hundred entries in practice (prices repeat); past this it starts again. */
const CACHE_LIMIT = 3000;
/** Pictures are canvases (heavy on a phone's screen): fewer are kept. */
const IMAGE_LIMIT = 800;

const cache = new Map<string, Style>();

function cached(key: string, make: () => Style): Style {
  let style = cache.get(key);
  if (!style) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    style = make();
    cache.set(key, style);
  }
  return style;
}

type Drawn = { img: HTMLCanvasElement; ratio: number };
const images = new Map<string, Drawn>();

/** A marker's picture, drawn once for every style that shows it (making a canvas is the cost). */
function image(key: string, draw: () => Drawn): Drawn {
  let drawn = images.get(key);
  if (!drawn) {
    if (images.size >= IMAGE_LIMIT) images.clear();
    drawn = draw();
    images.set(key, drawn);
  }
  return drawn;
}

function canvas(width: number, height: number): [HTMLCanvasElement, CanvasRenderingContext2D, number] {
  const ratio = Math.max(1, Math.ceil(window.devicePixelRatio || 1));
  const c = document.createElement("canvas");
  c.width = Math.ceil(width * ratio);
  c.height = Math.ceil(height * ratio);
  const ctx = c.getContext("2d") as CanvasRenderingContext2D;
  ctx.scale(ratio, ratio);
  return [c, ctx, ratio];
}

const PILL_FONT = `700 13px ${FONT}`;
const PILL_HEIGHT = 26;
const widths = new Map<string, number>();
let measurer: CanvasRenderingContext2D | null = null;

function pillWidth(text: string): number {
  let w = widths.get(text);
  if (w === undefined) {
    measurer ??= canvas(1, 1)[1];
    measurer.font = PILL_FONT;
    w = Math.ceil(measurer.measureText(text).width) + 20;
    if (widths.size >= CACHE_LIMIT) widths.clear();
    widths.set(text, w);
  }
  return w;
}

/** A listing pill's size in px, for finding the marker under the pointer without drawing. */
export function pillSize(price: number): [number, number] {
  return [pillWidth(priceLabel(price)), PILL_HEIGHT];
}

function pillImage(text: string, state: MarkerState, dark: boolean) {
  const font = PILL_FONT;
  const w = pillWidth(text);
  const h = PILL_HEIGHT;
  const [c, ctx, ratio] = canvas(w + SHADOW * 2, h + SHADOW * 2);
  const active = state === "active";
  const colours = active
    ? dark
      ? { bg: "#f6f7f9", fg: "#1c2127", line: "#f6f7f9" }
      : { bg: "#1c2127", fg: "#ffffff", line: "#1c2127" }
    : dark
      ? { bg: "#2f343c", fg: "#f6f7f9", line: "rgba(255, 255, 255, 0.22)" }
      : { bg: "#ffffff", fg: "#1c2127", line: "rgba(17, 20, 24, 0.16)" };
  ctx.shadowColor = "rgba(0, 0, 0, 0.28)";
  ctx.shadowBlur = 4;
  ctx.shadowOffsetY = 1;
  ctx.beginPath();
  ctx.roundRect(SHADOW + 0.5, SHADOW + 0.5, w - 1, h - 1, h / 2);
  ctx.fillStyle = colours.bg;
  ctx.fill();
  ctx.shadowColor = "transparent";
  ctx.lineWidth = 1;
  ctx.strokeStyle = colours.line;
  ctx.stroke();
  ctx.font = font;
  // A Hebrew price reads right to left ("6,400 ₪" with the shekel at its left), as on the cards.
  ctx.direction = i18n.dir() === "rtl" ? "rtl" : "ltr";
  ctx.fillStyle = colours.fg;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, SHADOW + w / 2, SHADOW + h / 2 + 0.5);
  return { img: c, ratio };
}

function bubbleImage(text: string, radius: number, state: MarkerState, dark: boolean) {
  const halo = 5;
  const size = (radius + halo + SHADOW) * 2;
  const [c, ctx, ratio] = canvas(size, size);
  const mid = size / 2;
  ctx.beginPath();
  ctx.arc(mid, mid, radius + halo, 0, Math.PI * 2);
  ctx.fillStyle = state === "active" ? "rgba(45, 114, 210, 0.45)" : "rgba(45, 114, 210, 0.28)";
  ctx.fill();
  ctx.shadowColor = "rgba(0, 0, 0, 0.3)";
  ctx.shadowBlur = 4;
  ctx.shadowOffsetY = 1;
  ctx.beginPath();
  ctx.arc(mid, mid, radius, 0, Math.PI * 2);
  ctx.fillStyle = state === "active" ? "#215DB0" : BLUE;
  ctx.fill();
  ctx.shadowColor = "transparent";
  ctx.lineWidth = 2;
  ctx.strokeStyle = dark ? "rgba(246, 247, 249, 0.9)" : "#ffffff";
  ctx.stroke();
  ctx.font = `700 ${text.length > 3 ? 12 : 13}px ${FONT}`;
  ctx.fillStyle = "#ffffff";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, mid, mid + 0.5);
  return { img: c, ratio };
}

/** One listing with a price: its pill. Active pills sit above the rest. */
export function pillStyle(price: number, state: MarkerState, dark: boolean, crowded: boolean): Style {
  const text = priceLabel(price);
  return cached(`p:${text}:${state}:${dark}:${crowded}`, () => {
    const { img, ratio } = image(`p:${text}:${state}:${dark}`, () => pillImage(text, state, dark));
    return new Style({
      image: new Icon({ img, scale: 1 / ratio, declutterMode: crowded ? "declutter" : "none" }),
      zIndex: state === "active" ? 3 : 1,
    });
  });
}

/** One listing with a price: its dot (shown where the pill gave way), then its pill. */
export function listingStyle(
  price: number | null,
  state: MarkerState,
  dark: boolean,
  crowded: boolean,
): Style[] {
  if (price === null) return [dotStyle(state, dark, crowded)];
  if (!crowded) return [pillStyle(price, state, dark, false)];
  return [underDot(state, dark), pillStyle(price, state, dark, true)];
}

function underDot(state: MarkerState, dark: boolean): Style {
  return cached(`u:${state}:${dark}`, () => {
    return new Style({
      image: new Circle({
        radius: 5,
        fill: new Fill({
          color: state === "active" ? (dark ? "#f6f7f9" : "#1c2127") : dark ? "#abb3bf" : "#404854",
        }),
        stroke: new Stroke({ color: dark ? "#1c2127" : "#ffffff", width: 1.5 }),
        declutterMode: "none",
      }),
      zIndex: 0,
    });
  });
}

/** Several listings: a bubble sized by their number, labelled with it. */
export function bubbleStyle(
  count: number,
  state: MarkerState,
  dark: boolean,
  crowded: boolean,
  rough = false,
): Style {
  const text = countLabel(count, rough);
  const radius = bubbleRadius(count);
  return cached(`b:${text}:${radius}:${state}:${dark}:${crowded}`, () => {
    const { img, ratio } = image(`b:${text}:${radius}:${state}:${dark}`, () =>
      bubbleImage(text, radius, state, dark),
    );
    return new Style({
      image: new Icon({ img, scale: 1 / ratio, declutterMode: crowded ? "obstacle" : "none" }),
      zIndex: state === "active" ? 4 : 2,
    });
  });
}

/** One listing without a price. */
export function dotStyle(state: MarkerState, dark: boolean, crowded: boolean): Style {
  return cached(`d:${state}:${dark}:${crowded}`, () => {
    return new Style({
      image: new Circle({
        radius: state === "active" ? 8 : 6,
        fill: new Fill({ color: state === "active" ? "#215DB0" : BLUE }),
        stroke: new Stroke({ color: dark ? "#f6f7f9" : "#ffffff", width: 2 }),
        declutterMode: crowded ? "obstacle" : "none",
      }),
      zIndex: state === "active" ? 3 : 1,
    });
  });
}

/** Where a place search landed: a ring the listings' markers are drawn over. */
export function placeStyle(dark: boolean): Style {
  return cached(`place:${dark}`, () => {
    return new Style({
      image: new Circle({
        radius: 9,
        fill: new Fill({ color: "rgba(255, 90, 95, 0.25)" }),
        stroke: new Stroke({ color: "#FF5A5F", width: 3 }),
      }),
    });
  });
}
