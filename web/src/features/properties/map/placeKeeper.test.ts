import { fromLonLat } from "ol/proj.js";
import View from "ol/View.js";
import { describe, expect, it } from "vitest";
import { placeKeeper } from "./placeKeeper.ts";

const AT_16 = { lat: 32.06, lon: 34.775, zoom: 16 };
const viewAt = (p: typeof AT_16) => new View({ center: fromLonLat([p.lon, p.lat]), zoom: p.zoom });

describe("the map's position from the address", () => {
  it("is not pulled back by the address handed in again while the user zooms out", () => {
    const view = viewAt(AT_16);
    const place = placeKeeper(view, AT_16);
    view.setZoom(15.4); // a zoom-out under way: not settled, so the address still says 16
    place.set({ ...AT_16 });
    expect(view.getZoom()).toBe(15.4);

    const reported: number[] = [];
    view.setZoom(15);
    place.settled((p) => reported.push(p.zoom));
    expect(reported).toEqual([15]);
  });

  it("moves the map to a position that is news (Back to an earlier place)", () => {
    const view = viewAt(AT_16);
    const place = placeKeeper(view, AT_16);
    place.set({ lat: 32.07, lon: 34.78, zoom: 14 });
    expect(view.getZoom()).toBe(14);
    const reported: number[] = [];
    place.settled((p) => reported.push(p.zoom));
    expect(reported).toEqual([]); // a position given is not reported back
  });
});
