import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { launch, type Running } from "@dirabot/platform";
import { trustedTransport, uniqueId } from "@dirabot/platform/testing";
import { ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import { testSettings } from "@dirabot/telegram/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GeocoderDouble } from "../test/geocoder-double.ts";
import { listings } from "./module.ts";

describe("geocoding through GEOCODER_URL", () => {
  let running: Running;
  let geocoder: GeocoderDouble;
  let client: ReturnType<typeof createClient<typeof ListingsService>>;

  beforeAll(async () => {
    geocoder = await GeocoderDouble.start();
    running = await launch(testSettings({ GEOCODER_URL: geocoder.url }), [listings]);
    client = createClient(ListingsService, trustedTransport(running));
  });
  afterAll(async () => {
    await running?.stop();
    await geocoder?.close();
  });

  it("asks with ', Israel' appended and answers from the cache the second time", async () => {
    const street = `ויטל ${uniqueId()}`;
    geocoder.add(street, [{ lat: 32.0565, lon: 34.77, name: "ויטל, פלורנטין, תל אביב-יפו" }]);
    const first = await client.geocode({ query: street });
    expect(first.places).toEqual([
      expect.objectContaining({ lat: 32.0565, lon: 34.77, displayName: "ויטל, פלורנטין, תל אביב-יפו" }),
    ]);
    const second = await client.geocode({ query: `  ${street.toUpperCase()} ` });
    expect(second.places).toHaveLength(1);
    expect(geocoder.requests.filter((q) => q === `${street}, Israel`)).toHaveLength(1);
  });

  it("answers a city or neighbourhood of ours itself, by any of its names, in the query's script", async () => {
    const asked = geocoder.requests.length;
    const latin = await Promise.all(
      ["florentin", "Florentine", "FLORENTIN"].map((query) => client.geocode({ query })),
    );
    const hebrew = await client.geocode({ query: "פלורנטין" });
    for (const r of latin)
      expect(r.places).toEqual([expect.objectContaining({ displayName: "Florentin, Tel Aviv-Yafo" })]);
    expect(hebrew.places).toEqual([expect.objectContaining({ displayName: "פלורנטין, תל אביב יפו" })]);
    const [place] = hebrew.places;
    expect(latin[0]?.places[0]).toMatchObject({ lat: place?.lat, lon: place?.lon });
    // Inside Florentin (between Jaffa and Neve Tzedek's south).
    expect(place?.lat).toBeGreaterThan(32.05);
    expect(place?.lat).toBeLessThan(32.062);
    expect((await client.geocode({ query: "nevei tsedek" })).places[0]?.displayName).toBe(
      "Neve Tzedek, Tel Aviv-Yafo",
    );
    expect(geocoder.requests.length).toBe(asked);
  });

  it("says the geocoder is unavailable when it fails, and refuses an empty query", async () => {
    geocoder.failing = true;
    const err = await client
      .geocode({ query: `nowhere ${uniqueId()}` })
      .then(() => undefined, ConnectError.from);
    geocoder.failing = false;
    expect(err).toMatchObject({ code: Code.Unavailable, rawMessage: "Geocoding is unavailable right now" });
    const empty = await client.geocode({ query: "   " }).then(() => undefined, ConnectError.from);
    expect(empty?.code).toBe(Code.InvalidArgument);
  });
});
