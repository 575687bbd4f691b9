import { create } from "@bufbuild/protobuf";
import { ListingSchema } from "@dirabot/proto/listings/v1/listings_pb.js";
import { describe, expect, it } from "vitest";
import { matchText } from "./groups.service.ts";

describe("a group's match post", () => {
  const listing = create(ListingSchema, { id: "l1", location: "Vital 4, Florentin", rooms: 3, price: 6500 });

  it('names the distance from each place the bot\'s conditions name: "2.1 km from Work"', () => {
    const text = matchText("Near work", listing, "https://dirabot.app/chats/c1", [
      { placeName: "Work", km: 2.1 },
      { placeName: "School", km: 4 },
    ]);
    expect(text.split("\n").slice(0, 4)).toEqual([
      "🏠 Near work: a new listing",
      "Vital 4, Florentin",
      "📍 2.1 km from Work · 4.0 km from School",
      "3 rooms · ₪6,500",
    ]);
  });

  it("says no distance for a bot without conditions", () => {
    expect(matchText("Any", listing, "https://dirabot.app/chats/c1")).not.toContain("📍");
  });
});
