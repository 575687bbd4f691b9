import { describe, expect, it } from "vitest";
import { mirrorRangeProps } from "./RangeSlider.tsx";

// In Hebrew the price slider's low end is on the right: Blueprint draws mirrored values, and the
// person's values come back unmirrored.
describe("mirrorRangeProps", () => {
  const base = {
    min: 0,
    max: 20_000,
    value: [2_000, 8_000] as [number, number],
    labelRenderer: (n: number) => `₪${n}`,
    handleHtmlProps: { start: { "aria-label": "Minimum price" }, end: { "aria-label": "Maximum price" } },
  };

  it("draws the range from the other end, its labels naming the real prices", () => {
    const mirrored = mirrorRangeProps(base);
    expect(mirrored.value).toEqual([12_000, 18_000]);
    const render = mirrored.labelRenderer as (n: number) => string;
    expect(render(0)).toBe("₪20000");
    expect(render(20_000)).toBe("₪0");
  });

  it("hands back the real range as the handles move and are let go", () => {
    const changes: [number, number][] = [];
    const mirrored = mirrorRangeProps({
      ...base,
      onChange: (v) => changes.push(v),
      onRelease: (v) => changes.push(v),
    });
    mirrored.onChange?.([11_000, 19_000]);
    mirrored.onRelease?.([0, 20_000]);
    expect(changes).toEqual([
      [1_000, 9_000],
      [0, 20_000],
    ]);
  });

  it("names each handle by the price it holds", () => {
    const { handleHtmlProps } = mirrorRangeProps(base);
    // Blueprint's left handle is the high price now.
    expect(handleHtmlProps?.start).toEqual({ "aria-label": "Maximum price", "aria-valuetext": "₪8000" });
    expect(handleHtmlProps?.end).toEqual({ "aria-label": "Minimum price", "aria-valuetext": "₪2000" });
  });
});
