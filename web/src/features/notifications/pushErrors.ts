import { i18n } from "../../i18n/index.ts";
import { ApiError } from "../../lib/api.ts";
import { PushError, PushErrors } from "./texts.ts";

// Which of the push texts (texts.ts) a failure is shown as.

/** A permission the user refused: Safari's settings on iOS, the generic text elsewhere. */
export const deniedText = (ios: boolean) => (ios ? PushErrors.iosBlocked : PushErrors.denied);

/**
 * The text for a failed enable or disable. Our own checks carry their text; the browser's
 * DOMExceptions are named by kind (pushManager.subscribe: NotAllowedError when permission is
 * missing, AbortError when the push service could not be reached); a server refusal carries the
 * server's message; anything else its own message.
 */
export function pushErrorText(error: unknown): string {
  if (error instanceof PushError || error instanceof ApiError) return error.message;
  const name = (error as { name?: unknown } | null)?.name;
  if (name === "NotAllowedError") return PushErrors.notAllowed;
  if (name === "AbortError") return PushErrors.aborted;
  if (name === "NotSupportedError") return PushErrors.unsupported;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === "string" && message ? message : i18n.t("notifications:push.unknown");
}

/** Whether a failure means the browser will not show notifications here (the blocker dialog's case). */
export function isBlocked(error: unknown): boolean {
  if (error instanceof PushError) {
    return (
      error.message === PushErrors.denied ||
      error.message === PushErrors.iosBlocked ||
      error.message === PushErrors.unsupported ||
      error.message === PushErrors.iosVersion
    );
  }
  const name = (error as { name?: unknown } | null)?.name;
  return name === "NotAllowedError" || name === "NotSupportedError";
}
