import { describe, expect, it } from "vitest";
import { NO_FILTERS } from "./filters.ts";
import { type BrowserState, DEFAULT_POSITION, filterHistory, readState, writeState } from "./urlState.ts";

const read = (query: string) => readState(new URLSearchParams(query));
const write = (state: Partial<BrowserState>) =>
  writeState({
    filters: NO_FILTERS,
    view: "list",
    page: 1,
    position: DEFAULT_POSITION,
    story: null,
    sort: "newest",
    ...state,
  }).toString();

describe("readState", () => {
  it("gives the defaults for an empty address", () => {
    expect(read("")).toEqual({
      filters: NO_FILTERS,
      view: "list",
      page: 1,
      position: DEFAULT_POSITION,
      story: null,
      sort: "newest",
    });
  });

  it("reads every value", () => {
    expect(
      read(
        "searchText=florentin&minRooms=3&priceRange=3000-7000&merchant=false&neighborhoodCode=205&view=map&page=4&lat=32.07&lon=34.78&zoom=15.5&story=a1b2-c3",
      ),
    ).toEqual({
      filters: {
        searchText: "florentin",
        minRooms: 3,
        priceRange: [3000, 7000],
        merchant: false,
        neighborhoodCode: 205,
        neighborhoodCodes: [],
        availableBy: null,
        nearKm: null,
      },
      view: "map",
      page: 4,
      position: { lat: 32.07, lon: 34.78, zoom: 15.5 },
      story: "a1b2-c3",
      sort: "newest",
    });
    expect(read("merchant=true").filters.merchant).toBe(true);
  });

  it("ignores bad values instead of failing", () => {
    const state = read(
      "minRooms=9&priceRange=7000-3000&merchant=maybe&neighborhoodCode=abc&view=globe&page=0&zoom=99&story=%3Cscript%3E",
    );
    expect(state).toEqual(read(""));
    expect(read("minRooms=2.5").filters.minRooms).toBeNull();
    expect(read("minRooms=0").filters.minRooms).toBeNull();
    expect(read("page=-3").page).toBe(1);
    expect(read("page=1e3").page).toBe(1);
    expect(read("priceRange=0-99999").filters.priceRange).toBeNull();
    expect(read("priceRange=[1,2]").filters.priceRange).toBeNull();
    expect(read("neighborhoodCode=99999999999").filters.neighborhoodCode).toBeNull();
  });

  it("keeps near my places only at a ring size the screens offer", () => {
    expect(read("nearKm=3").filters.nearKm).toBe(3);
    expect(read("nearKm=30").filters.nearKm).toBe(30);
    for (const bad of ["4", "0", "-1", "3.0", "03", "x", ""])
      expect(read(`nearKm=${bad}`).filters.nearKm).toBeNull();
  });

  it("takes a map centre only as a valid pair", () => {
    expect(read("lat=32.1").position).toEqual(DEFAULT_POSITION);
    expect(read("lat=95&lon=34.7").position).toEqual(DEFAULT_POSITION);
    expect(read("lat=32.1&lon=34.7&zoom=x").position).toEqual({ lat: 32.1, lon: 34.7, zoom: 14 });
  });

  it("treats the slider's full range as no price filter", () => {
    expect(read("priceRange=0-20000").filters.priceRange).toBeNull();
    expect(read("priceRange=0-7000").filters.priceRange).toEqual([0, 7000]);
  });

  it("keeps search text as typed, up to the server's 200 characters", () => {
    expect(read("searchText=%20tel%20aviv%20").filters.searchText).toBe(" tel aviv ");
    expect(read(`searchText=${"a".repeat(300)}`).filters.searchText).toHaveLength(200);
  });
});

describe("writeState", () => {
  it("writes nothing for the defaults", () => {
    expect(write({})).toBe("");
  });

  it("writes every value that differs from its default", () => {
    expect(
      write({
        filters: {
          searchText: "florentin",
          minRooms: 3,
          priceRange: [3000, 7000],
          merchant: false,
          neighborhoodCode: 205,
          neighborhoodCodes: [205, 1516],
          availableBy: "2027-01-31",
          nearKm: 5,
        },
        sort: "price_per_sqm",
        view: "map",
        page: 2,
        position: { lat: 32.0712345678, lon: 34.7801, zoom: 15.123 },
        story: "abc",
      }),
    ).toBe(
      "view=map&searchText=florentin&minRooms=3&priceRange=3000-7000&merchant=false&neighborhoodCode=205&neighborhoodCodes=205%2C1516&availableBy=2027-01-31&nearKm=5&sort=price_per_sqm&page=2&lat=32.07123&lon=34.7801&zoom=15.12&story=abc",
    );
  });

  it("leaves out a full price range and the default map position", () => {
    expect(write({ filters: { ...NO_FILTERS, priceRange: [0, 20000] } })).toBe("");
    expect(write({ position: { ...DEFAULT_POSITION, zoom: 16 } })).toBe("zoom=16");
  });

  it("round-trips through the address", () => {
    const state: BrowserState = {
      filters: {
        searchText: "רוטשילד 5",
        minRooms: 1,
        priceRange: [0, 6500],
        merchant: true,
        neighborhoodCode: 1516,
        neighborhoodCodes: [1516, 205],
        availableBy: "2027-02-28",
        nearKm: 30,
      },
      view: "list",
      page: 7,
      position: { lat: 31.25, lon: 34.79, zoom: 12 },
      story: null,
      sort: "price_desc",
    };
    expect(readState(writeState(state))).toEqual(state);
  });
});

describe("the list's order, areas and available-by in the address", () => {
  it("reads each sort, and anything else as newest", () => {
    for (const sort of ["newest", "price_asc", "price_desc", "price_per_sqm"] as const)
      expect(read(`sort=${sort}`).sort).toBe(sort);
    expect(read("sort=cheapest").sort).toBe("newest");
    expect(read("sort=").sort).toBe("newest");
  });

  it("reads the area picker's codes, each once, and ignores a malformed list", () => {
    expect(read("neighborhoodCodes=205,1516,205").filters.neighborhoodCodes).toEqual([205, 1516]);
    expect(read("neighborhoodCodes=205,x").filters.neighborhoodCodes).toEqual([]);
    expect(read("neighborhoodCodes=").filters.neighborhoodCodes).toEqual([]);
  });

  it("reads a day of the calendar only", () => {
    expect(read("availableBy=2027-01-31").filters.availableBy).toBe("2027-01-31");
    for (const bad of ["2027-02-30", "31/01/2027", "immediate", ""])
      expect(read(`availableBy=${bad}`).filters.availableBy).toBeNull();
  });

  it("gives a change of area or date its own step", () => {
    expect(filterHistory(NO_FILTERS, { ...NO_FILTERS, neighborhoodCodes: [205] })).toBe("push");
    const typed = { ...NO_FILTERS, searchText: "flo" };
    expect(filterHistory(typed, { ...typed, availableBy: "2027-01-31" })).toBe("push");
  });
});

describe("filterHistory", () => {
  it("gives a new entry to the first letters of a search and to any other filter", () => {
    expect(filterHistory(NO_FILTERS, { ...NO_FILTERS, searchText: "flo" })).toBe("push");
    expect(filterHistory(NO_FILTERS, { ...NO_FILTERS, minRooms: 2 })).toBe("push");
    const typed = { ...NO_FILTERS, searchText: "flo" };
    expect(filterHistory(typed, { ...typed, priceRange: [0, 5000] })).toBe("push");
    expect(filterHistory(typed, { ...typed, nearKm: 3 })).toBe("push");
  });

  it("replaces the entry while the same search is refined", () => {
    const typed = { ...NO_FILTERS, searchText: "flo" };
    expect(filterHistory(typed, { ...typed, searchText: "florentin" })).toBe("replace");
    expect(filterHistory(typed, { ...typed, searchText: "" })).toBe("replace");
  });
});
