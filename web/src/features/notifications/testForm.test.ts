import { describe, expect, it } from "vitest";
import { BAD_URL, checkTestInput } from "./testForm.ts";

const ORIGIN = "https://dirabot.example";

describe("the test notification form", () => {
  it("needs a title and a body, blanks counting as none", () => {
    for (const [title, body] of [
      ["", "b"],
      ["t", ""],
      ["   ", "b"],
      ["t", "\n\t"],
    ]) {
      expect(checkTestInput({ title: title ?? "", body: body ?? "", url: "" }, ORIGIN)).toEqual({
        ok: false,
        error: "Title and body are required",
      });
    }
  });

  it("sends trimmed text and leaves out an empty URL", () => {
    expect(checkTestInput({ title: " Hi ", body: " there ", url: "  " }, ORIGIN)).toEqual({
      ok: true,
      value: { title: "Hi", body: "there" },
    });
  });

  it("takes a path or an http(s) link as the URL, nothing else", () => {
    expect(checkTestInput({ title: "t", body: "b", url: "/chats" }, ORIGIN)).toEqual({
      ok: true,
      value: { title: "t", body: "b", url: "/chats" },
    });
    expect(checkTestInput({ title: "t", body: "b", url: "https://www.yad2.co.il/x" }, ORIGIN)).toMatchObject({
      ok: true,
    });
    expect(checkTestInput({ title: "t", body: "b", url: "javascript:alert(1)" }, ORIGIN)).toEqual({
      ok: false,
      error: BAD_URL,
    });
  });
});
