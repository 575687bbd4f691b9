import { describe, expect, it } from "vitest";
import { ChatMessagesCreated, EVENTS, ListingMatched, publishedBy, SUBJECT_ROOT } from "./events.ts";

describe("the event declarations", () => {
  it("give every event a subject of its own under its producer's", () => {
    const subjects = EVENTS.map((e) => e.subject);
    expect(new Set(subjects).size).toBe(subjects.length);
    for (const e of EVENTS) {
      expect(e.subject).toBe(`${SUBJECT_ROOT}.${e.producer}.${e.type}`);
      expect(e.subject.startsWith(publishedBy(e.producer).slice(0, -1))).toBe(true);
      expect(e.type.split(".").length).toBeGreaterThanOrEqual(2); // <entity>.<verb>
    }
  });

  it("put a lane on a subject of its own, with the event's payload", () => {
    expect(ListingMatched.lanes.first).toEqual({
      producer: "bots",
      type: "listing.matched.first",
      subject: "dirabot.bots.listing.matched.first",
      schema: ListingMatched.schema,
    });
    expect(ChatMessagesCreated.lanes.first.subject).toBe("dirabot.chat.messages.created.first");
    expect(EVENTS).toContain(ListingMatched.lanes.first);
  });
});
