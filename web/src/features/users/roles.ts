import type { Role } from "../auth/index.ts";

export const ROLES: readonly Role[] = ["user", "admin"];

/** Turns a role on or off; the last remaining role stays (at least one is kept). */
export function toggleRole(roles: readonly Role[], role: Role): Role[] {
  if (!roles.includes(role)) return ROLES.filter((r) => r === role || roles.includes(r));
  const next = roles.filter((r) => r !== role);
  return next.length > 0 ? next : [...roles];
}
