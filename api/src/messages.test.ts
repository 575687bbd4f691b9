import { describe, expect, it } from "vitest";
import { REAUTH_ERRORS } from "../../services/identity/src/reauth.ts";
import { QUIET_HOURS_ERRORS as IDENTITY_SERVICE, LOCALE_ERROR } from "../../services/identity/src/rules.ts";
import { MESSAGING_ERRORS as TELEGRAM_SERVICE } from "../../services/telegram/src/messages.service.ts";
import { LOCALE_MESSAGE, QUIET_HOURS_MESSAGES, REAUTH_MESSAGES, TELEGRAM_MESSAGES } from "./messages.ts";

// The identity and telegram services refuse the same mistakes again with their own copies of the
// texts, beside their other messages (the bots service imports its set from messages.ts): a user
// must read the same words whichever side refuses.
describe("the validation messages the services keep", () => {
  it("are the contract's, word for word", () => {
    expect(IDENTITY_SERVICE).toEqual(QUIET_HOURS_MESSAGES);
    expect(REAUTH_ERRORS).toEqual(REAUTH_MESSAGES);
    expect(LOCALE_ERROR).toBe(LOCALE_MESSAGE);
    expect({
      empty: TELEGRAM_SERVICE.empty,
      directMissing: TELEGRAM_SERVICE.directMissing,
      tooLong: TELEGRAM_SERVICE.tooLong,
      badChat: TELEGRAM_SERVICE.badChat,
    }).toEqual(TELEGRAM_MESSAGES);
  });
});

describe("what the SPA imports at run time", () => {
  it("carries no validator: the messages and constants import nothing", async () => {
    const { readFile } = await import("node:fs/promises");
    for (const file of ["messages.ts", "constants.ts"]) {
      const text = await readFile(new URL(file, import.meta.url), "utf8");
      expect(text, file).not.toMatch(/^import /m);
    }
  });
});
