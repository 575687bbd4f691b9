import { describe, expect, it } from "vitest";
import { me, message } from "./fixtures.ts";
import { mergeMessage, optimisticMessage, prependOlder, removeTemp, replaceMessage } from "./messages.ts";

const server = (id: string, tempId?: string) =>
  message(id, { sender: me, isRead: true, ...(tempId ? { tempId } : {}) });

describe("the open chat's messages", () => {
  const temp = optimisticMessage("c1", "hello", "t1", me);

  it("shows an optimistic send at once, then the server's message in its place", () => {
    const list = [server("m0"), temp];
    const replaced = mergeMessage(list, server("m1", "t1"));
    expect(replaced.map((m) => m._id)).toEqual(["m0", "m1"]);
    expect(replaced[1]?.pending).toBeUndefined();
  });

  it("never shows a message twice, whether the socket or the reply comes first", () => {
    const afterSocket = mergeMessage([temp], server("m1", "t1"));
    const afterReply = mergeMessage(afterSocket, server("m1", "t1"));
    expect(afterReply.map((m) => m._id)).toEqual(["m1"]);
    // The reply first, then the socket's copy of the same message.
    expect(mergeMessage(mergeMessage([temp], server("m1", "t1")), server("m1")).map((m) => m._id)).toEqual([
      "m1",
    ]);
  });

  it("appends a message it does not have", () => {
    expect(mergeMessage([server("m0")], server("m1")).map((m) => m._id)).toEqual(["m0", "m1"]);
  });

  it("removes the optimistic copy of a failed send, and only that", () => {
    const list = [server("m0"), temp, optimisticMessage("c1", "other", "t2", me)];
    expect(removeTemp(list, "t1").map((m) => m._id)).toEqual(["m0", "t2"]);
  });

  it("puts older pages first, skipping what is shown already", () => {
    const list = [server("m3"), server("m4")];
    expect(prependOlder(list, [server("m1"), server("m2"), server("m3")]).map((m) => m._id)).toEqual([
      "m1",
      "m2",
      "m3",
      "m4",
    ]);
  });

  it("replaces a starred message where it is", () => {
    const starred = { ...server("m1"), starred: true };
    const list = replaceMessage([server("m0"), server("m1")], starred);
    expect(list.map((m) => m.starred)).toEqual([false, true]);
  });
});
