import { Navigate, Outlet, useLocation } from "react-router-dom";
import { isAdmin, originStateFor, useAuth, useSessionCheck } from "../features/auth/index.ts";
import { FullPageLoading } from "./layouts/FullPageLoading.tsx";

// Route guards. They sit above the screens in the route tree, so no screen renders
// before the session is known.

/**
 * Any signed-in user; visitors go to /login remembering where they were going; banned users, and
 * whoever held a session a ban ended, → /banned.
 */
export function RequireAuth() {
  const { status, user, bannedReason } = useSessionCheck();
  const location = useLocation();
  if (status === "unknown" || status === "checking") return <FullPageLoading />;
  if (!user && bannedReason !== undefined) return <Navigate to="/banned" replace />;
  if (!user) return <Navigate to="/login" replace state={originStateFor(location)} />;
  if (user.isBanned) return <Navigate to="/banned" replace />;
  return <Outlet />;
}

/** Admins only, others go home. Always nested inside RequireAuth, so the session is known here. */
export function RequireAdmin() {
  const { user } = useAuth();
  if (!isAdmin(user)) return <Navigate to="/" replace />;
  return <Outlet />;
}
