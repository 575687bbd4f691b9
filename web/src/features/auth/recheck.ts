import { ApiError, api } from "../../lib/api.ts";
import { retryDelayMs } from "./sessionRule.ts";

// The session checked again while the tab runs (its socket was closed by the server: a ban, a
// logout elsewhere): GET /api/users/me until the server answers. A 401 is the verdict, and the
// API client's handler has acted on it already (to /banned with the reason, or to sign in); any
// other failure (a network blip, a restart) is tried again and signs nobody out.

type RecheckOutcome = "valid" | "ended" | "stopped";

/** Until an answer: "valid", "ended" (a 401), or "stopped" when `stopped()` says nobody waits. */
export async function recheckSession(
  stopped: () => boolean,
  check: () => Promise<unknown> = () => api.get("/api/users/me"),
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<RecheckOutcome> {
  for (let failures = 0; ; failures++) {
    if (stopped()) return "stopped";
    try {
      await check();
      return stopped() ? "stopped" : "valid";
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return "ended";
      await wait(retryDelayMs(failures, error));
    }
  }
}
