import {
  AUTH_MESSAGES,
  BANNED_MESSAGE,
  LOCALE_MESSAGE,
  PLACE_MESSAGES,
  QUIET_HOURS_MESSAGES,
  REAUTH_MESSAGES,
} from "@dirabot/api/messages.ts";
import { describe, expect, it } from "vitest";
import { BANNED_ERROR } from "./auth.service.ts";
import { REAUTH_ERRORS } from "./reauth.ts";
import { EMAIL_ERROR, LOCALE_ERROR, PLACE_ERRORS, QUIET_HOURS_ERRORS } from "./rules.ts";

// The service refuses the same mistakes again with its own copies of the contract's texts: a user
// must read the same words whichever side refuses.
describe("the validation messages the identity service keeps", () => {
  it("are the contract's, word for word", () => {
    expect(QUIET_HOURS_ERRORS).toEqual(QUIET_HOURS_MESSAGES);
    expect(REAUTH_ERRORS).toEqual(REAUTH_MESSAGES);
    expect(LOCALE_ERROR).toBe(LOCALE_MESSAGE);
    expect(EMAIL_ERROR).toBe(AUTH_MESSAGES.emailInvalid);
    expect(BANNED_ERROR).toBe(BANNED_MESSAGE);
    expect(PLACE_ERRORS).toEqual(PLACE_MESSAGES);
  });
});
