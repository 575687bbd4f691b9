import type { RegisterBody, Registered, Session, StatusResult } from "@dirabot/api";
import { i18n } from "../../i18n/index.ts";
import { ApiError, api } from "../../lib/api.ts";
import type { User } from "./types.ts";

// The /api/auth calls the accounts screens make; the shapes are the API contract's.

export type { StatusResult } from "@dirabot/api";

export async function login(email: string, password: string): Promise<{ token: string; user: User }> {
  // Read defensively: an answer without a token or user is refused here rather than trusted.
  const result = await api.post<Partial<Session>>("/api/auth/login", { email, password });
  if (!result?.token || !result.user) throw new Error("Invalid login response");
  return { token: result.token, user: result.user };
}

export type RegisterPayload = RegisterBody;

export function register(payload: RegisterBody) {
  return api.post<Registered>("/api/auth/register", payload);
}

export const requestReset = (email: string) => api.post<StatusResult>("/api/auth/request-reset", { email });

export const verifyResetCode = (email: string, code: string) =>
  api.post<StatusResult>("/api/auth/verify-reset-code", { email, code });

export const resetPassword = (email: string, code: string, newPassword: string) =>
  api.post<StatusResult>("/api/auth/reset-password", { email, code, newPassword });

export const completeReset = (email: string, token: string, newPassword: string) =>
  api.post<StatusResult>("/api/auth/complete-reset", { email, token, newPassword });

/** Which social sign-ins the server has credentials for; none when the call fails. */
export async function oauthProviders(): Promise<{ google: boolean }> {
  try {
    const result = await api.get<{ google?: unknown }>("/api/oauth/providers");
    return { google: result?.google === true };
  } catch {
    return { google: false };
  }
}

/**
 * The message of a failed reset step: the server's own message when it answered, the
 * step's fallback when it answered without one, and the generic line when it could not be reached.
 */
export function resetFailure(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return i18n.t("common:api.tryLater");
    return error.message && error.message !== i18n.t("common:api.generic") ? error.message : fallback;
  }
  return i18n.t("common:api.tryLater");
}
