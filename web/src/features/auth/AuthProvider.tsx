import { hashKey, type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo } from "react";
import { type ApiError, api, isBanEnded, setUnauthorizedHandler } from "../../lib/api.ts";
import { clearToken, storeToken } from "../../lib/authToken.ts";
import { followAccount } from "./language.ts";
import { loadSession, sessionKey } from "./session.ts";
import { checkRetry } from "./sessionRule.ts";
import type { Session, User } from "./types.ts";

// The session lives in the TanStack Query cache under one key; this context carries the actions that
// change it. The check runs lazily, the first time a screen that needs it mounts (the guards, and
// later /banned and /redirect), which is what "check on start outside the public paths" amounts to:
// a visitor who opens /login or /404 triggers no API call. On any other path the app starts it
// at once (checkEarly), so it runs while that screen's code downloads.

/** unknown: nobody asked yet; checking: the start-up check is running (or retrying a failure). */
export type AuthStatus = "unknown" | "checking" | "authenticated" | "anonymous";

interface AuthActions {
  /** After a login or registration: remember the token and the user. */
  signIn: (token: string, user: User) => void;
  /** After a profile edit: replace the known user. */
  setUser: (user: User) => void;
  /** Ends the session locally even when the server call fails. */
  signOut: () => Promise<void>;
}

export interface AuthValue extends AuthActions {
  status: AuthStatus;
  user: User | null;
  /** Set when a ban ended the session (no user then): the reason to show on /banned. */
  bannedReason: string | undefined;
}

const AuthContext = createContext<AuthActions | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();

  const signIn = useCallback(
    (token: string, user: User) => {
      storeToken(token);
      queryClient.setQueryData<Session>(sessionKey, { user });
    },
    [queryClient],
  );
  const setUser = useCallback(
    (user: User) => queryClient.setQueryData<Session>(sessionKey, { user }),
    [queryClient],
  );
  // Forget the token and every cached answer (the next account must not see this one's data), but
  // keep the session entry itself: the guards observe it, and removing it would leave them watching
  // a dropped query that never reports the "nobody" written after it.
  const endSession = useCallback(() => {
    clearToken();
    queryClient.setQueryData<Session>(sessionKey, { user: null });
    queryClient.removeQueries({ predicate: (query) => query.queryHash !== hashKey(sessionKey) });
  }, [queryClient]);
  // A ban ended the session: nobody, with the reason (the guards go to /banned). The token stays,
  // so a reload asks the server again and hears the same; signing out drops it.
  const endByBan = useCallback(
    (bannedReason: string) => {
      queryClient.setQueryData<Session>(sessionKey, { user: null, bannedReason });
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== hashKey(sessionKey) });
    },
    [queryClient],
  );
  const signOut = useCallback(async () => {
    await api.post("/api/auth/logout").catch(() => undefined);
    endSession();
  }, [endSession]);

  // A 401 on any later call: forget the session; the guards then send the visitor to /login (or,
  // when a ban ended it, to /banned).
  useEffect(() => {
    setUnauthorizedHandler((error: ApiError) =>
      isBanEnded(error) ? endByBan(error.bannedReason) : endSession(),
    );
    return () => setUnauthorizedHandler(null);
  }, [endSession, endByBan]);

  const actions = useMemo(() => ({ signIn, setUser, signOut }), [signIn, setUser, signOut]);
  return (
    <AuthContext.Provider value={actions}>
      <AccountLanguage />
      {children}
    </AuthContext.Provider>
  );
}

/** A signed-in account's `locale` wins over this browser's choice, once its answer is in. */
function AccountLanguage() {
  const { user } = useAuth();
  useEffect(() => void followAccount(user), [user]);
  return null;
}

/** The public paths: a visitor who opens one is not checked (no API call). */
const PUBLIC_PATHS = [
  "/login",
  "/register",
  "/forgotpassword",
  "/resetpassword",
  "/404",
  "/under_construction",
];

const checkOptions = {
  queryKey: sessionKey,
  queryFn: loadSession,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  // loadSession answers a verdict as "nobody" and throws every other failure: retry those,
  // the loading page staying up ("checking") until an answer comes.
  ...checkRetry,
} as const;

/**
 * Starts the check as the app starts, on a path whose guard would start it anyway: it then runs
 * while the first screen's code downloads instead of after it (on a phone's network, one round
 * trip and more sooner on screen). The guard's query joins the one in flight.
 */
export function checkEarly(client: QueryClient, pathname: string): void {
  const path = pathname.replace(/\/+$/, "") || "/";
  // /redirect stores the token it is given first, then checks: it starts its own.
  if (PUBLIC_PATHS.includes(path) || path === "/redirect") return;
  void client.prefetchQuery(checkOptions);
}

function useAuthState(check: boolean): AuthValue {
  const actions = useContext(AuthContext);
  if (!actions) throw new Error("useAuth must be used inside AuthProvider");
  const query = useQuery({ ...checkOptions, enabled: check });
  let status: AuthStatus = "unknown";
  if (query.data) status = query.data.user ? "authenticated" : "anonymous";
  else if (check || query.fetchStatus === "fetching") status = "checking";
  return { ...actions, status, user: query.data?.user ?? null, bannedReason: query.data?.bannedReason };
}

/** The session as far as it is known; never starts the check (top bars, public pages). */
export function useAuth(): AuthValue {
  return useAuthState(false);
}

/** The session, running the start-up check if it has not run yet (guards, /banned, /redirect). */
export function useSessionCheck(): AuthValue {
  return useAuthState(true);
}
