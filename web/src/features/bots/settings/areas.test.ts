import { describe, expect, it } from "vitest";
import { i18n } from "../../../i18n/index.ts";
import { areaLabel, categoryOf, groupAreas, homeCitiesFirst, matchesArea, shortName } from "./areas.ts";

// Keys as the server sends them (services/lib/geography/src/data: city keys, then the hood's).
const borochov = { code: 1, name: "גבעתיים - בורוכוב", nameEn: "Givatayim - Borochov", keys: "gvtm vrkv" };
const florentin = {
  code: 2,
  name: "תל אביב יפו - פלורנטין",
  nameEn: "Tel Aviv-Yafo - Florentin",
  keys: "tlvyf tlv jf yf flrntn",
};
const oldNorth = {
  code: 3,
  name: "תל אביב יפו - הצפון הישן",
  nameEn: "Tel Aviv-Yafo - Old North",
  keys: "tlvyf tlv jf yf ldnrt kzfnksn zfnksn",
};
const elsewhere = { code: 4, name: "Elsewhere", nameEn: "Elsewhere", keys: "lsvr" };
const twoPlaces = {
  code: 5,
  name: "רמת השרון - נווה גן;קרית שאול",
  nameEn: "Ramat HaSharon - Neve Gan, Kiryat Shol",
  keys: "rmtsrn nvgn krtsl",
};
const options = [borochov, florentin, oldNorth, elsewhere];

describe("groups", () => {
  it("takes the part before ' - ' as the group and the rest as the short name", () => {
    expect(categoryOf("תל אביב יפו - פלורנטין")).toBe("תל אביב יפו");
    expect(shortName("תל אביב יפו - פלורנטין")).toBe("פלורנטין");
    expect(categoryOf("Elsewhere")).toBe("Elsewhere");
    expect(shortName("Elsewhere")).toBe("Elsewhere");
  });

  it("groups options by category in the order they come, in the reader's language", () => {
    expect(groupAreas(options, "he").map((g) => [g.category, g.options.map((o) => o.code)])).toEqual([
      ["גבעתיים", [1]],
      ["תל אביב יפו", [2, 3]],
      ["Elsewhere", [4]],
    ]);
    expect(groupAreas(options, "en").map((g) => g.category)).toEqual([
      "Givatayim",
      "Tel Aviv-Yafo",
      "Elsewhere",
    ]);
  });

  it("labels an option in the reader's language, a list of places joined by commas", async () => {
    expect(areaLabel(florentin)).toBe("Tel Aviv-Yafo - Florentin");
    expect(areaLabel(twoPlaces, "he")).toBe("רמת השרון - נווה גן, קרית שאול");
    await i18n.changeLanguage("he");
    try {
      expect(shortName(areaLabel(florentin))).toBe("פלורנטין");
    } finally {
      await i18n.changeLanguage("en");
    }
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

  it("finds a place by its Hebrew name, its English name or a Latin spelling of the Hebrew", () => {
    for (const q of [
      "Florentin",
      "florentin",
      "FLORENTINE",
      "פלורנטין",
      "פְלוֹרֶנְטִין",
      "tel aviv flor",
      "telaviv florentin",
    ])
      expect(matchesArea(q, florentin), q).toBe(true);
    expect(matchesArea("florentin", oldNorth)).toBe(false);
    expect(matchesArea("old north", oldNorth)).toBe(true);
    expect(matchesArea("hatzafon hayashan", oldNorth)).toBe(true);
    expect(matchesArea("givataim borochov", borochov)).toBe(true);
    expect(matchesArea("kiryat shaul", twoPlaces)).toBe(true);
    expect(matchesArea("ramat ha-sharon", twoPlaces)).toBe(true);
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
    const options = names.map((name, code) => ({ code, name, nameEn: name, keys: "" }));
    expect(homeCitiesFirst(options, "he").map((o) => o.name)).toEqual([
      "תל אביב יפו - ד",
      "תל אביב יפו - ה",
      "רמת גן - ג",
      "גבעתיים - ב",
      "אור יהודה - א",
      "חולון - ו",
    ]);
  });

  it("orders an English reader's options by their English names, home cities still first", () => {
    const named = (code: number, name: string, nameEn: string) => ({ code, name, nameEn, keys: "" });
    const options = [
      named(1, "אור יהודה - א", "Or Yehuda - A"),
      named(2, "חולון - ב", "Holon - B"),
      named(3, "תל אביב יפו - ד", "Tel Aviv-Yafo - Old North"),
      named(4, "תל אביב יפו - ה", "Tel Aviv-Yafo - Florentin"),
    ];
    expect(homeCitiesFirst(options, "en").map((o) => o.code)).toEqual([4, 3, 2, 1]);
    expect(homeCitiesFirst(options, "he").map((o) => o.code)).toEqual([3, 4, 1, 2]);
  });
});
