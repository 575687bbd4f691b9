import {
  RangeSlider as BlueprintRangeSlider,
  type HandleHtmlProps,
  type NumberRange,
  type RangeSliderProps,
} from "@blueprintjs/core";
import type { KeyboardEvent } from "react";
import { useDirection } from "../i18n/direction.ts";

// Blueprint's RangeSlider always runs left to right, and a CSS mirror (scaleX(-1)) would draw it
// right to left while its pointer maths still read left to right. So in Hebrew the slider is given
// mirrored values instead: the low end sits on the right, and every value, label and handle name
// is mapped back on the way in and out. In English it is Blueprint's slider unchanged.

/** RangeSlider's props as Blueprint draws them in a right-to-left page. */
export function mirrorRangeProps(props: RangeSliderProps): RangeSliderProps {
  const min = props.min ?? 0;
  const max = props.max ?? 10;
  const flip = (n: number) => min + max - n;
  const flipRange = ([low, high]: NumberRange): NumberRange => [flip(high), flip(low)];
  const { value, onChange, onRelease, labelRenderer = true, labelValues, handleHtmlProps } = props;
  const render =
    typeof labelRenderer === "function"
      ? (n: number, opts?: { isHandleTooltip: boolean }) => labelRenderer(flip(n), opts)
      : labelRenderer && ((n: number) => String(flip(n)));
  // The handles' own aria-valuenow is Blueprint's mirrored number; aria-valuetext, which screen
  // readers say instead, carries the real one.
  const spoken = (real: number): string => {
    const text = typeof labelRenderer === "function" ? labelRenderer(real) : real;
    return typeof text === "string" ? text : String(real);
  };
  const range = value ?? [min, max];
  return {
    ...props,
    value: flipRange(range),
    onChange: onChange && ((next) => onChange(flipRange(next))),
    onRelease: onRelease && ((next) => onRelease(flipRange(next))),
    labelRenderer: render,
    labelValues: labelValues?.map(flip),
    handleHtmlProps: {
      start: { ...handleHtmlProps?.end, "aria-valuetext": spoken(range[1]) } as HandleHtmlProps,
      end: { ...handleHtmlProps?.start, "aria-valuetext": spoken(range[0]) } as HandleHtmlProps,
    },
  };
}

const UP_DOWN: Record<string, string> = { ArrowUp: "ArrowDown", ArrowDown: "ArrowUp" };

/**
 * Up and Down still raise and lower the price on the mirrored slider: Blueprint's handle hears the
 * other key instead (Left and Right already move a handle the way they point).
 */
function swapUpDown(event: KeyboardEvent<HTMLDivElement>) {
  const swapped = UP_DOWN[event.key];
  if (!swapped || !event.nativeEvent.isTrusted) return;
  event.stopPropagation();
  event.preventDefault();
  event.target.dispatchEvent(new globalThis.KeyboardEvent("keydown", { key: swapped, bubbles: true }));
}

/** Blueprint's RangeSlider, reading right to left in a right-to-left page. */
export function RangeSlider(props: RangeSliderProps) {
  if (useDirection() !== "rtl") return <BlueprintRangeSlider {...props} />;
  return (
    <div style={{ display: "contents" }} onKeyDownCapture={swapUpDown}>
      <BlueprintRangeSlider {...mirrorRangeProps(props)} />
    </div>
  );
}
