import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../../../i18n/index.ts";
import type { NearPlace } from "../../../lib/distance.ts";
import { SavedPlacesProvider } from "../../../lib/savedPlaces.tsx";
import { nearOf, setNear } from "./form.ts";
import { NearField } from "./NearField.tsx";

// The bot's "within N km of <place>": one row per saved place, the estimate said as one, and a
// link to add places for a user who has none.

const places = [
  { id: "w", name: "Work", lat: 32.08, lon: 34.79 },
  { id: "s", name: "בית ספר", lat: 32.1, lon: 34.8 },
];
const text = (user: object | null, near: NearPlace[] = [{ placeId: "w", km: 6 }]) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <SavedPlacesProvider user={user}>
        <NearField value={near} onChange={() => {}} />
      </SavedPlacesProvider>
    </MemoryRouter>,
  )
    .replace(/<[^>]+>/g, " ")
    .replace(/[\u2066-\u2069]/g, "")
    .replace(/\s+/g, " ");

describe("the bot's near field", () => {
  it("offers each place, and says the chosen distance with its estimate", () => {
    const out = text({ places });
    expect(out).toContain("Within 6 km of Work");
    expect(out).toContain("about 30 min by bicycle");
    expect(out).toContain("Near בית ספר");
    expect(out).toContain("Edit places");
  });

  it("links to the profile when there are no places", () => {
    const out = text({ places: [] });
    expect(out).toContain("Add your places");
    expect(out).not.toContain("Within");
  });

  it("keeps each place once, 1 to 30 km, and only places still saved", () => {
    let near = setNear([], "w", 3);
    near = setNear(near, "s", 45);
    near = setNear(near, "w", 0);
    expect(near).toEqual([
      { placeId: "w", km: 1 },
      { placeId: "s", km: 30 },
    ]);
    expect(setNear(near, "w", null)).toEqual([{ placeId: "s", km: 30 }]);
    expect(nearOf({ near }, new Set(["s"]))).toEqual([{ placeId: "s", km: 30 }]);
    expect(nearOf({})).toEqual([]);
  });

  describe("in Hebrew", () => {
    beforeAll(() => i18n.changeLanguage("he"));
    afterAll(() => i18n.changeLanguage("en"));
    it("says it in Hebrew", () => {
      const out = text({ places }, [{ placeId: "s", km: 3 }]);
      expect(out).toContain("עד 3 ק״מ מבית ספר");
      expect(out).toContain("כ־15 דק׳ באופניים");
      expect(out).toContain("ליד Work");
    });
  });
});

describe("a condition in minutes", () => {
  it("is shown as the router's and kept as it is", () => {
    const out = text({ places }, [{ placeId: "w", minutes: 20, mode: "cycling" }]);
    expect(out).toContain("Near Work · 20 min by bicycle");
    expect(nearOf({ near: [{ placeId: "w", minutes: 20, mode: "cycling" }] })).toEqual([
      { placeId: "w", minutes: 20, mode: "cycling" },
    ]);
  });
});
