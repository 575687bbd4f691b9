import { describe, expect, it } from "vitest";
import { chatNameOf, creatorName, deleteQuestion, noun } from "./texts.ts";

const person = { _id: "u1", firstname: "Dana", lastname: "Levi", fullname: "Dana Levi", email: "d@x.il" };

describe("bot card texts", () => {
  it("names the creator, else 'Unknown user'", () => {
    expect(creatorName({ createdBy: person })).toBe("Dana Levi");
    expect(creatorName({ createdBy: { ...person, fullname: "" } })).toBe("Dana Levi");
    expect(creatorName({ createdBy: { ...person, fullname: "", firstname: "", lastname: "" } })).toBe(
      "d@x.il",
    );
    expect(creatorName({ createdBy: null })).toBe("Unknown user");
  });

  it("falls back to 'Unknown chat name'", () => {
    expect(chatNameOf({ chatName: "Florentin" })).toBe("Florentin");
    expect(chatNameOf({ chatName: "  " })).toBe("Unknown chat name");
  });

  it("counts in the singular and the plural", () => {
    expect(noun(1, "area", "areas")).toBe("area");
    expect(noun(0, "area", "areas")).toBe("areas");
    expect(noun(12, "seen post", "seen posts")).toBe("seen posts");
  });
});

describe("deleteQuestion", () => {
  it("is the fixed question with the chat name", () => {
    expect(deleteQuestion("Old search")).toBe(
      'Are you sure you want to delete the bot "Old search"? This action cannot be undone.',
    );
  });
});
