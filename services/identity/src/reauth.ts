import { AppError } from "@dirabot/platform";
import { verifyPassword } from "./passwords.ts";
import type { UsersRepo } from "./users.repo.ts";

/** How recent a sign-in proves the person, for an account without a password. */
export const REAUTH_MS = 10 * 60_000;

/** The gateway answers these as `403 reauth_required` (api/src/messages.ts keeps the same texts). */
export const REAUTH_ERRORS = {
  password: "Enter your current password to link Telegram",
  wrongPassword: "Current password is incorrect",
  signIn: "Sign in again to link Telegram: it needs a sign-in within the last 10 minutes",
} as const;

/**
 * Whether the acting person is the account's owner now, not only whoever holds a session of it
 * (a stolen one): the current password, else, without one (Google only), a sign-in of the acting
 * session within REAUTH_MS. A wrong password is `unauthenticated`, so the gateway counts it
 * against the failed sign-in budgets; what is missing or too old is `permission_denied`.
 */
export async function reauthenticate(
  repo: UsersRepo,
  actor: { userId: string; sessionId: string },
  password: string,
): Promise<void> {
  const user = await repo.byId(actor.userId);
  if (!user) throw new AppError("not_found", "User not found");
  if (user.password_hash) {
    if (!password) throw new AppError("permission_denied", REAUTH_ERRORS.password);
    if (!(await verifyPassword(user.password_hash, password)))
      throw new AppError("unauthenticated", REAUTH_ERRORS.wrongPassword);
    return;
  }
  const signedInAt = actor.sessionId ? await repo.sessionStart(actor.sessionId, actor.userId) : undefined;
  if (!signedInAt || Date.now() - signedInAt.getTime() > REAUTH_MS)
    throw new AppError("permission_denied", REAUTH_ERRORS.signIn);
}
