import type { Location } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { originPath, originStateFor } from "./origin.ts";

function at(pathname: string, search = "", hash = ""): Location {
  return { pathname, search, hash, state: null, key: "k" };
}

describe("origin of a sign-in detour", () => {
  it("returns to the page the visitor asked for, query and hash included", () => {
    expect(originPath(originStateFor(at("/chats/abc", "?starred=1", "#m5")))).toBe("/chats/abc?starred=1#m5");
  });

  it("falls back to / without a remembered page", () => {
    expect(originPath(undefined)).toBe("/");
    expect(originPath(null)).toBe("/");
    expect(originPath({ from: {} })).toBe("/");
  });

  it("never leaves the site or loops back to /login", () => {
    expect(originPath({ from: { pathname: "//evil.example/x" } })).toBe("/");
    expect(originPath({ from: { pathname: "https://evil.example" } })).toBe("/");
    expect(originPath({ from: { pathname: "/login" } })).toBe("/");
  });
});
