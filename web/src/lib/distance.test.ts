import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../i18n/index.ts";
import { distancesOf, distanceText, estimate, kmBetween, minutesText } from "./distance.ts";

// The distance texts as a reader sees them (isolate marks taken out), in both languages.

const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, "");
const work = { id: "p1", name: "Work", lat: 32.0853, lon: 34.7818 };
const parents = { id: "p2", name: "הורים", lat: 32.0636, lon: 34.7722 };

describe("distances", () => {
  it("measures straight-line kilometres", () => {
    expect(kmBetween(work, work)).toBe(0);
    // Azrieli to Rothschild boulevard, about 2.6 km.
    expect(kmBetween(work, parents)).toBeGreaterThan(2.4);
    expect(kmBetween(work, parents)).toBeLessThan(2.8);
  });

  it("estimates a walk when close and a ride further", () => {
    // The server's speeds: 4 km/h on foot, 12 by bicycle, over the straight line.
    expect(estimate(0.8)).toEqual({ mode: "walking", minutes: 12 });
    expect(estimate(2.1)).toEqual({ mode: "cycling", minutes: 11 });
    expect(estimate(6.2)).toEqual({ mode: "cycling", minutes: 31 });
  });

  it("takes the server's distances and works out the rest from the flat's point, nearest first", () => {
    const asset = {
      coordinates: { coordinates: [34.7722, 32.0636] as [number, number] },
      distances: [{ placeId: "p1", km: 2.6, minutes: 11, mode: "cycling" }],
    };
    const out = distancesOf(asset, [work, parents, { name: "unsaved", lat: 32, lon: 34.8 }]);
    expect(out.map((d) => d.placeId)).toEqual(["p2", "p1"]);
    expect(out[0]?.km).toBeCloseTo(0, 5);
    expect(out[1]).toEqual({ placeId: "p1", km: 2.6, minutes: 11, mode: "cycling" });
    expect(distancesOf({ coordinates: null }, [work])).toEqual([]);
    expect(distancesOf(asset, [])).toEqual([]);
  });

  it("says kilometres from a place, and minutes from the router or 'about' an estimate", () => {
    expect(plain(distanceText(2.13, "Work"))).toBe("2.1 km from Work");
    expect(plain(distanceText(12.4, "Work"))).toBe("12 km from Work");
    expect(plain(minutesText({ placeId: "p1", km: 2.1, minutes: null, mode: null }))).toBe(
      "about 11 min by bicycle",
    );
    expect(plain(minutesText({ placeId: "p1", km: 2.1, minutes: 7.6, mode: "driving" }))).toBe(
      "8 min by car",
    );
    // The server's estimate wins over the one worked out here.
    const sent = {
      placeId: "p1",
      km: 2.1,
      minutes: null,
      mode: "estimate",
      estimate: { walking: 32, cycling: 10 },
    };
    expect(plain(minutesText(sent))).toBe("about 10 min by bicycle");
  });

  describe("in Hebrew", () => {
    beforeAll(() => i18n.changeLanguage("he"));
    afterAll(() => i18n.changeLanguage("en"));
    it("writes the number left to right and the place with its prefix", () => {
      expect(distanceText(2.13, "עבודה")).toBe("\u20662.1\u2069 ק״מ מ\u2068עבודה\u2069");
      expect(plain(distanceText(2.13, "Office"))).toBe("2.1 ק״מ מ־Office");
      expect(plain(minutesText({ placeId: "p1", km: 2.1, minutes: null, mode: null }))).toBe(
        "כ־11 דק׳ באופניים",
      );
    });
  });
});
