import { describe, expect, it } from "vitest";
import { message, chatPage as page } from "./fixtures.ts";
import { type ChatPages, shownMessages, withMarks, withSeen } from "./pages.ts";
import { peopleOf, tally } from "./votes.ts";

const at = (minute: number) => `2026-01-01T10:0${minute}:00.000Z`;
const cached = (): ChatPages => ({
  pages: [
    { ...page([]), messages: [message("m3", { createdAt: at(3) }), message("m4", { createdAt: at(4) })] },
    { ...page([]), messages: [message("m1", { createdAt: at(1) }), message("m2", { createdAt: at(2) })] },
  ],
  pageParams: [1, 2],
});
const vote = { userId: "u2", vote: "up" as const, note: "Balcony", fullname: "Boaz Levi" };

describe("votes and read marks in the cached pages", () => {
  it("puts a match's new votes and replies where the match is, on any page", () => {
    const next = withMarks(cached(), {
      chatId: "c1",
      messageId: "m2",
      votes: [vote],
      replies: [],
      folded: false,
    });
    const m2 = shownMessages(next).find((m) => m._id === "m2");
    expect(m2?.votes).toEqual([vote]);
    expect(shownMessages(next).filter((m) => m.votes.length)).toHaveLength(1);
  });

  it("marks the messages up to a read mark seen by its member, once, and keeps the mark's name", () => {
    const mark = { userId: "u2", fullname: "Boaz Levi", upTo: at(3) };
    const once = withSeen(cached(), mark);
    expect(shownMessages(once).map((m) => m.seenBy)).toEqual([["u2"], ["u2"], ["u2"], []]);
    expect(once.pages[0]?.readMarks).toEqual([mark]);
    const twice = withSeen(once, mark);
    expect(twice).toEqual(once); // applied twice, as once
    expect(peopleOf(twice.pages[0]?.readMarks ?? [], [])).toEqual(new Map([["u2", "Boaz Levi"]]));
  });

  it("counts ups and downs, and names people from votes, replies and read marks", () => {
    const down = { ...vote, userId: "u3", vote: "down" as const, fullname: "Carmel" };
    expect(tally([vote, down])).toEqual({ up: 1, down: 1 });
    const m = message("m", {
      votes: [vote, down],
      replies: [{ userId: "u4", fullname: "Dana", called: true, viewingOn: null }],
    });
    expect(peopleOf([{ userId: "u2", fullname: "Boaz Cohen", upTo: at(1) }], [m])).toEqual(
      new Map([
        ["u2", "Boaz Cohen"],
        ["u3", "Carmel"],
        ["u4", "Dana"],
      ]),
    );
  });
});
