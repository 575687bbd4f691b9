import { describe, expect, it } from "vitest";
import { toggleRole } from "./roles.ts";

describe("role selection", () => {
  it("adds and removes roles in a stable order", () => {
    expect(toggleRole(["admin"], "user")).toEqual(["user", "admin"]);
    expect(toggleRole(["user", "admin"], "admin")).toEqual(["user"]);
  });

  it("ignores removing the last role", () => {
    expect(toggleRole(["user"], "user")).toEqual(["user"]);
  });
});
