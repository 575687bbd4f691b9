import { ERROR_MESSAGES_HE } from "@dirabot/api/messages.he.ts";
import { REAUTH_MESSAGES } from "@dirabot/api/messages.ts";
import type { User } from "../auth/index.ts";

// Linking Telegram asks the person again (the linked chat receives the reset codes): an account
// opened with a password sends it; one without (Google) needs a recent sign-in. The server decides
// (a Google account may have a password since a reset), and its refusal says which it wants.

/** Whether to ask for the password before asking the server. */
export const asksPassword = (user: Pick<User, "oauthProvider">) => user.oauthProvider === "none";

/** What a refused link wants: the password (dialog), a new sign-in, or nothing of the kind. */
export function reauthWanted(err: unknown): "password" | "signIn" | undefined {
  const e = err as { status?: number; code?: string; message?: string } | null;
  if (e?.code !== "reauth_required") return undefined;
  // The message is in the caller's language: the sign-in one in either.
  const signIn = [REAUTH_MESSAGES.signIn, ERROR_MESSAGES_HE[REAUTH_MESSAGES.signIn]];
  return signIn.includes(e.message) ? "signIn" : "password";
}
