import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api.ts";
import { deniedText, isBlocked, pushErrorText } from "./pushErrors.ts";
import { PushError, PushErrors } from "./texts.ts";

const dom = (name: string, message = "browser words") => Object.assign(new Error(message), { name });

describe("push error texts", () => {
  it("names a refused permission by platform", () => {
    expect(deniedText(true)).toBe("Notifications are blocked. Please enable them in Safari settings...");
    expect(deniedText(false)).toBe("Notification permission was denied...");
  });

  it("shows our own and the server's texts as they are", () => {
    expect(pushErrorText(new PushError(PushErrors.workerTimeout))).toBe(
      "Service worker registration timeout",
    );
    expect(pushErrorText(new ApiError("Invalid subscription", 400))).toBe("Invalid subscription");
  });

  it("maps the push manager's exceptions to the fixed texts", () => {
    expect(pushErrorText(dom("NotAllowedError"))).toBe("Push notifications are not allowed...");
    expect(pushErrorText(dom("AbortError"))).toBe("Push subscription was aborted. Please try again.");
    expect(pushErrorText(dom("NotSupportedError"))).toBe(
      "Push notifications are not supported by this browser",
    );
    expect(pushErrorText(dom("InvalidStateError", "odd state"))).toBe("odd state");
    expect(pushErrorText(null)).toBe("An error occurred");
  });

  it("opens the blocker for refusals and missing support, not for passing failures", () => {
    expect(isBlocked(new PushError(PushErrors.denied))).toBe(true);
    expect(isBlocked(new PushError(PushErrors.iosBlocked))).toBe(true);
    expect(isBlocked(new PushError(PushErrors.unsupported))).toBe(true);
    expect(isBlocked(dom("NotAllowedError"))).toBe(true);
    expect(isBlocked(dom("AbortError"))).toBe(false);
    expect(isBlocked(new PushError(PushErrors.workerTimeout))).toBe(false);
    expect(isBlocked(new ApiError("x", 500))).toBe(false);
  });
});
