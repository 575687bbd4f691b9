import { describe, expect, it } from "vitest";
import { MAP_ZOOM } from "../../../lib/map/style.ts";
import { namesShownAt } from "./areaStyle.ts";

describe("the area map's names and its hint to zoom in", () => {
  it("draws names from the zoom the map opens at, so the hint shows only when zoomed out", () => {
    expect(namesShownAt(MAP_ZOOM)).toBe(true);
    expect(namesShownAt(16)).toBe(true);
    expect(namesShownAt(12.9)).toBe(false);
    expect(namesShownAt(8)).toBe(false);
  });
});
