import { ASSET_MESSAGES } from "@dirabot/api/messages.ts";
import { describe, expect, it } from "vitest";
import { BROWSE_ERRORS } from "./browse.service.ts";

// The service refuses a bad browse again with its own copy of the contract's texts: a user must
// read the same words whichever side refuses.
describe("the validation messages the listings service keeps", () => {
  it("are the contract's, word for word", () => {
    expect(BROWSE_ERRORS).toEqual(ASSET_MESSAGES);
  });
});
