import { api } from "../../lib/api.ts";
import { clearToken, findToken } from "../../lib/authToken.ts";
import type { Session, User } from "./types.ts";

// The start-up check of SPEC §4: take the token (localStorage, else the "v3" cookie), validate it,
// then load the profile. Any failure means "not signed in" — including the 404 these endpoints
// answer before the accounts work lands — and the token is dropped so a dead token cannot send
// the visitor round in circles between /login and the protected pages.

export const sessionKey = ["auth", "session"] as const;

export async function loadSession(): Promise<Session> {
  const token = findToken();
  if (!token) return { user: null };
  try {
    await api.post<unknown>("/api/auth/validate", { token });
    const me = await api.get<{ user?: User | null }>("/api/users/me");
    if (!me?.user) throw new Error("Invalid user data received");
    return { user: me.user };
  } catch {
    clearToken();
    return { user: null };
  }
}
