import { describe, expect, it } from "vitest";
import { crawlUnits } from "./crawler.ts";

describe("the units of a crawl", () => {
  it("reads each watched city, then each area of an active bot outside them", () => {
    const units = crawlUnits(
      [5000, 8600],
      [
        { city: 5000, neighborhood: 205 }, // inside a watched city: read with the city
        { city: 6300, neighborhood: 1111 },
      ],
    );
    expect(units).toEqual([
      { key: "yad2-scraper:city:5000", city: 5000, query: { city: 5000 } },
      { key: "yad2-scraper:city:8600", city: 8600, query: { city: 8600 } },
      { key: "yad2-scraper:hood:6300:1111", city: 6300, query: { city: 6300, neighborhood: 1111 } },
    ]);
  });
});
