import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../../i18n/index.ts";
import { message } from "./fixtures.ts";
import { MatchActions } from "./MatchActions.tsx";

// What a match card says of its votes, quick replies and readers, in English and Hebrew, and
// what an admin who is not a member may do with them (look, not vote).

const match = message("m1", {
  type: "asset",
  votes: [
    { userId: "u1", vote: "up", note: "Big balcony", fullname: "Dana Cohen" },
    { userId: "u2", vote: "down", note: "", fullname: "Boaz Levi" },
  ],
  replies: [{ userId: "u2", fullname: "Boaz Levi", called: true, viewingOn: "2027-01-31" }],
  seenBy: ["u1", "u2"],
});
const people = new Map([["u2", "Boaz Levi"]]);
const handlers = { vote: async () => true, reply: async () => true };
const html = (mayVote = true) =>
  renderToStaticMarkup(
    <MatchActions message={match} userId="u1" people={people} mayVote={mayVote} handlers={handlers} />,
  );
const text = (markup: string) => markup.replace(/<[^>]+>/g, "");

describe("a match's votes and replies", () => {
  it("counts the votes, marks the reader's own, and names who voted, called and saw it", () => {
    const markup = html();
    expect(markup).toMatch(/aria-pressed="true"[^>]*aria-label="Vote 👍 \(1 vote\)"/);
    expect(markup).toMatch(/aria-pressed="false"[^>]*aria-label="Vote 👎 \(1 vote\)"/);
    expect(text(markup)).toContain("Youlikes it: Big balcony");
    expect(text(markup)).toContain("Boaz Levipasses");
    expect(text(markup)).toContain("Boaz Levi called and booked a viewing on 31 Jan 2027");
    expect(text(markup)).toContain("Seen by You, Boaz Levi");
    expect(text(markup)).toContain("Edit note");
  });

  it("lets an admin who is not a member look but not vote", () => {
    const markup = html(false);
    expect(markup.match(/data-testid="vote-(up|down)"/g)).toHaveLength(2);
    expect(markup).not.toContain("Edit note");
    expect((markup.match(/disabled=""/g) ?? []).length).toBeGreaterThanOrEqual(4);
  });

  describe("in Hebrew", () => {
    beforeAll(async () => {
      await i18n.changeLanguage("he");
    });
    afterAll(async () => {
      await i18n.changeLanguage("en");
    });

    it("says the same in Hebrew", () => {
      const t = text(html());
      expect(t).toContain("נראה על ידי את/ה, Boaz Levi");
      expect(t).toContain("התקשר/ה וקבע/ה צפייה ב־");
      expect(t).toContain("עריכת הערה");
    });
  });
});
