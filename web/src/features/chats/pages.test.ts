import { describe, expect, it } from "vitest";
import { me, message as msg, chatPage as page } from "./fixtures.ts";
import { optimisticMessage } from "./messages.ts";
import {
  type ChatPages,
  olderPageParam,
  shownMessages,
  withChanged,
  withMessage,
  withNewest,
  withoutTemp,
} from "./pages.ts";

/** Pages newest first, each listed oldest first, as the server sends them. */
const cached = (...pages: string[][]): ChatPages => ({
  pages: pages.map((ids) => page(ids)),
  pageParams: pages.map((_, i) => i + 1),
});

const shown = (data: ChatPages) => shownMessages(data).map((m) => m._id);
const twenty = (from: number) => Array.from({ length: 20 }, (_, i) => `m${from + i}`);

describe("a chat's cached pages", () => {
  it("asks for the next older page while the newest ones were full and the server has more", () => {
    expect(olderPageParam(page(twenty(1)), [], 1)).toBe(2);
    expect(olderPageParam(page(twenty(1), false), [], 1)).toBeUndefined();
    expect(olderPageParam(page(["m1", "m2"]), [], 3)).toBeUndefined();
  });

  it("shows the oldest page first and a message on two overlapping pages once", () => {
    expect(shownMessages(undefined)).toEqual([]);
    // Two messages arrived before page 2 was fetched: its newest two are page 1's oldest.
    expect(shown(cached(["m3", "m4", "m5"], ["m1", "m2", "m3", "m4"]))).toEqual([
      "m1",
      "m2",
      "m3",
      "m4",
      "m5",
    ]);
  });

  it("puts a socket message last on the newest page, once however often it comes", () => {
    const data = cached(["m3", "m4"], ["m1", "m2"]);
    const once = withMessage(data, msg("m5"));
    expect(shown(once)).toEqual(["m1", "m2", "m3", "m4", "m5"]);
    expect(shown(withMessage(once, msg("m5")))).toEqual(["m1", "m2", "m3", "m4", "m5"]);
    // The older page is left as it was.
    expect(once.pages[1]).toBe(data.pages[1]);
  });

  it("replaces a message an older page holds where it is", () => {
    const data = withMessage(cached(["m3"], ["m1", "m2"]), msg("m1", { content: "edited" }));
    expect(shown(data)).toEqual(["m1", "m2", "m3"]);
    expect(shownMessages(data)[0]?.content).toBe("edited");
    // On both overlapping pages, both copies change.
    const both = withMessage(cached(["m2", "m3"], ["m1", "m2"]), msg("m2", { starred: true }));
    expect(both.pages.map((p) => p.messages.find((m) => m._id === "m2")?.starred)).toEqual([true, true]);
  });

  it("swaps the optimistic copy for the server's, whichever of the socket and the reply comes first", () => {
    const temp = optimisticMessage("c1", "hello", "t1", me);
    const sending = withMessage(cached(["m1"]), temp);
    expect(shownMessages(sending).at(-1)?.pending).toBe(true);
    const echoed = withMessage(sending, msg("s1", { tempId: "t1", sender: me }));
    const replied = withMessage(echoed, msg("s1", { tempId: "t1", sender: me }));
    expect(shown(replied)).toEqual(["m1", "s1"]);
    expect(shownMessages(replied).some((m) => m.pending)).toBe(false);
  });

  it("takes a failed send's copy away and leaves the rest", () => {
    const sending = withMessage(cached(["m1"]), optimisticMessage("c1", "hello", "t1", me));
    expect(shown(withoutTemp(sending, "t1"))).toEqual(["m1"]);
    const untouched = cached(["m1"]);
    expect(withoutTemp(untouched, "t9").pages[0]).toBe(untouched.pages[0]);
  });

  it("shows a star on the message wherever it is, keeping its tempId", () => {
    const sent = withMessage(cached(["m2"], ["m1"]), msg("s1", { tempId: "t1" }));
    const starred = withChanged(
      withChanged(sent, msg("m1", { starred: true })),
      msg("s1", { starred: true }),
    );
    expect(shownMessages(starred).map((m) => m.starred)).toEqual([true, false, true]);
    expect(shownMessages(starred).at(-1)?.tempId).toBe("t1");
  });

  it("takes in what the newest page holds after a disconnect, without doubling what it had", () => {
    const data = cached(["m2", "m3"], ["m1"]);
    expect(shown(withNewest(data, page(["m3", "m4", "m5"])))).toEqual(["m1", "m2", "m3", "m4", "m5"]);
  });
});
