import { describe, expect, it } from "vitest";
import { notificationTarget } from "./target.ts";

const ORIGIN = "https://dirabot.example";

describe("notificationTarget", () => {
  it("follows a path of the app inside the app, query and hash kept", () => {
    expect(notificationTarget("/chats/c1?message=m2#end", ORIGIN)).toEqual({
      kind: "internal",
      path: "/chats/c1?message=m2#end",
    });
    expect(notificationTarget("  /bots ", ORIGIN)).toEqual({ kind: "internal", path: "/bots" });
  });

  it("treats a full link to this origin as a path of the app", () => {
    expect(notificationTarget("https://dirabot.example/properties?story=a", ORIGIN)).toEqual({
      kind: "internal",
      path: "/properties?story=a",
    });
  });

  it("opens another site's http(s) link in a new tab", () => {
    expect(notificationTarget("https://www.yad2.co.il/item/abc", ORIGIN)).toEqual({
      kind: "external",
      href: "https://www.yad2.co.il/item/abc",
    });
    expect(notificationTarget("http://example.com", ORIGIN)).toEqual({
      kind: "external",
      href: "http://example.com/",
    });
  });

  it("goes nowhere for no url, other schemes, protocol-relative and unparsable ones", () => {
    for (const url of [
      "",
      "   ",
      null,
      undefined,
      "javascript:alert(1)",
      "data:text/html,hi",
      "mailto:a@b.c",
      "//evil.example/x",
      "/\\evil.example",
      "chats/c1",
      "http://",
    ]) {
      expect(notificationTarget(url, ORIGIN)).toBeNull();
    }
  });

  it("normalises dot segments without leaving the app", () => {
    expect(notificationTarget("/../../chats", ORIGIN)).toEqual({ kind: "internal", path: "/chats" });
  });

  it("opens a match's chat with its flat's story, as its push does", () => {
    expect(notificationTarget("/chats/c1?message=m2", ORIGIN, "L-9")).toEqual({
      kind: "internal",
      path: "/chats/c1?message=m2&story=L-9",
    });
    expect(notificationTarget("/chats/c1", ORIGIN, "L-9")).toEqual({
      kind: "internal",
      path: "/chats/c1?story=L-9",
    });
    // A url naming its story already keeps it; no listing, or no id, adds none.
    expect(notificationTarget("/chats/c1?story=A", ORIGIN, "L-9")).toEqual({
      kind: "internal",
      path: "/chats/c1?story=A",
    });
    for (const id of [undefined, "", "a&b=c", "../x", "x".repeat(101)])
      expect(notificationTarget("/chats/c1?message=m2", ORIGIN, id)).toEqual({
        kind: "internal",
        path: "/chats/c1?message=m2",
      });
    // Another site's link is not ours to add to.
    expect(notificationTarget("https://www.yad2.co.il/item/abc", ORIGIN, "L-9")).toEqual({
      kind: "external",
      href: "https://www.yad2.co.il/item/abc",
    });
  });
});
