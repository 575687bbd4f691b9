import { ERROR_MESSAGES_HE } from "@dirabot/api/messages.he.ts";
import { REAUTH_MESSAGES } from "@dirabot/api/messages.ts";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api.ts";
import { asksPassword, reauthWanted } from "./telegramLink.ts";

describe("what linking Telegram asks of the person", () => {
  it("asks an account opened with a password for it first, a Google one only when the server does", () => {
    expect(asksPassword({ oauthProvider: "none" })).toBe(true);
    expect(asksPassword({ oauthProvider: "google" })).toBe(false);
  });

  it("reads the server's refusal: the password, a new sign-in, or another failure", () => {
    const refused = (message: string) => new ApiError(message, 403, "reauth_required");
    expect(reauthWanted(refused(REAUTH_MESSAGES.password))).toBe("password");
    expect(reauthWanted(refused(REAUTH_MESSAGES.wrongPassword))).toBe("password");
    expect(reauthWanted(refused(REAUTH_MESSAGES.signIn))).toBe("signIn");
    // A Hebrew account hears the same refusals in Hebrew.
    const he = (english: string) => refused(ERROR_MESSAGES_HE[english] ?? "");
    expect(reauthWanted(he(REAUTH_MESSAGES.signIn))).toBe("signIn");
    expect(reauthWanted(he(REAUTH_MESSAGES.password))).toBe("password");
    expect(reauthWanted(new ApiError("Your account is banned", 403, "permission_denied"))).toBeUndefined();
    expect(reauthWanted(new Error("offline"))).toBeUndefined();
  });
});
