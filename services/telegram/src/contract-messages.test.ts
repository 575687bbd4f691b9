import { TELEGRAM_MESSAGES } from "@dirabot/api/messages.ts";
import { describe, expect, it } from "vitest";
import { MESSAGING_ERRORS } from "./messages.service.ts";

// The service refuses an empty or oversized message again with its own copies of the contract's
// texts: an admin must read the same words whichever side refuses.
describe("the validation messages the telegram service keeps", () => {
  it("are the contract's, word for word", () => {
    expect({
      empty: MESSAGING_ERRORS.empty,
      directMissing: MESSAGING_ERRORS.directMissing,
      tooLong: MESSAGING_ERRORS.tooLong,
      badChat: MESSAGING_ERRORS.badChat,
    }).toEqual(TELEGRAM_MESSAGES);
  });
});
