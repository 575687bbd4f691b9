import { useState } from "react";
import { useLocation } from "react-router-dom";
import { findToken } from "../../lib/authToken.ts";
import { useAuth } from "./AuthProvider.tsx";
import { originPath } from "./origin.ts";

/**
 * Where a signed-in visitor of /login or /register should be sent instead (the page they came
 * from, else /), or null to show the form. A stored token counts as signed in:
 * the guard behind the target checks it, and drops it if dead, so this cannot loop.
 */
export function useSignedInRedirect(acceptStoredToken: boolean): string | null {
  const { status } = useAuth();
  const location = useLocation();
  // Read once: findToken copies a cookie token to localStorage, which must not repeat per render.
  const [hadToken] = useState(() => acceptStoredToken && status !== "anonymous" && findToken() !== null);
  if (status === "authenticated" || hadToken) return originPath(location.state);
  return null;
}
