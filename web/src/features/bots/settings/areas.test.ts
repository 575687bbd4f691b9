import { describe, expect, it } from "vitest";
import { categoryOf, groupAreas, homeCitiesFirst, matchesArea, shortName } from "./areas.ts";

const borochov = { code: 1, name: "גבעתיים - בורוכוב" };
const florentin = { code: 2, name: "תל אביב יפו - פלורנטין" };
const oldNorth = { code: 3, name: "תל אביב יפו - הצפון הישן" };
const elsewhere = { code: 4, name: "Elsewhere" };
const options = [borochov, florentin, oldNorth, elsewhere];

describe("groups", () => {
  it("takes the part before ' - ' as the group and the rest as the short name", () => {
    expect(categoryOf("תל אביב יפו - פלורנטין")).toBe("תל אביב יפו");
    expect(shortName("תל אביב יפו - פלורנטין")).toBe("פלורנטין");
    expect(categoryOf("Elsewhere")).toBe("Elsewhere");
    expect(shortName("Elsewhere")).toBe("Elsewhere");
  });

  it("groups options by category in the order they come", () => {
    expect(groupAreas(options).map((g) => [g.category, g.options.map((o) => o.code)])).toEqual([
      ["גבעתיים", [1]],
      ["תל אביב יפו", [2, 3]],
      ["Elsewhere", [4]],
    ]);
  });
});

describe("matchesArea", () => {
  it("matches every word of the query anywhere in the full name", () => {
    expect(matchesArea("פלורנטין", florentin)).toBe(true);
    expect(matchesArea("תל פלור", florentin)).toBe(true);
    expect(matchesArea("גבעתיים פלור", florentin)).toBe(false);
    expect(matchesArea("elsew", elsewhere)).toBe(true);
    expect(matchesArea("  ", borochov)).toBe(true);
  });
});

describe("homeCitiesFirst", () => {
  it("puts Tel Aviv, Ramat Gan and Givatayim first and keeps the name order within and after them", () => {
    const names = [
      "אור יהודה - א",
      "גבעתיים - ב",
      "רמת גן - ג",
      "תל אביב יפו - ד",
      "תל אביב יפו - ה",
      "חולון - ו",
    ];
    const options = names.map((name, code) => ({ code, name }));
    expect(homeCitiesFirst(options).map((o) => o.name)).toEqual([
      "תל אביב יפו - ד",
      "תל אביב יפו - ה",
      "רמת גן - ג",
      "גבעתיים - ב",
      "אור יהודה - א",
      "חולון - ו",
    ]);
  });
});
