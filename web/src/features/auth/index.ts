// The auth feature's public face; app/ and other features import from here only.
export { AuthProvider, type AuthStatus, type AuthValue, useAuth, useSessionCheck } from "./AuthProvider.tsx";
export { type OriginState, originPath, originStateFor } from "./origin.ts";
export { isAdmin, type Role, type Session, type User } from "./types.ts";
