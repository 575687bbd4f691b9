import { i18n } from "../../i18n/index.ts";
import type { User } from "../auth/index.ts";

// Sorting and paging of the admin users table (5 per page, options 5/10/25, fullname
// ascending by default, dates in he-IL). The server filters; the table sorts and pages what it got.

export type SortKey = "fullname" | "email" | "roles" | "status" | "provider" | "createdAt";
export type SortDir = "asc" | "desc";

export const PAGE_SIZES = [5, 10, 25] as const;
export const DEFAULT_SORT: { key: SortKey; dir: SortDir } = { key: "fullname", dir: "asc" };

export function fullName(user: User): string {
  return user.fullname || [user.firstname, user.lastname].filter(Boolean).join(" ");
}

/** "none" means a local account. */
export function providerLabel(user: User): string {
  const provider = user.oauthProvider;
  if (!provider || provider === "none") return i18n.t("users:admin.local");
  return provider.charAt(0).toUpperCase() + provider.slice(1);
}

// The spec's he-IL day ("5.3.2026") reads the same in both languages: digits and dots only.
const DAY = new Intl.DateTimeFormat("he-IL", { timeZone: "Asia/Jerusalem" });

/** The Created column's day on Israel's clock; '' when missing. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : DAY.format(date);
}

function sortValue(user: User, key: SortKey): string | number {
  switch (key) {
    case "fullname":
      return fullName(user).toLocaleLowerCase();
    case "email":
      return user.email.toLocaleLowerCase();
    case "roles":
      return [...user.roles].sort().join(",");
    case "status":
      return user.isBanned ? 1 : 0;
    case "provider":
      return providerLabel(user);
    case "createdAt":
      return user.createdAt ? Date.parse(user.createdAt) || 0 : 0;
  }
}

export function sortUsers(users: readonly User[], key: SortKey, dir: SortDir): User[] {
  const sign = dir === "asc" ? 1 : -1;
  return [...users].sort((a, b) => {
    const x = sortValue(a, key);
    const y = sortValue(b, key);
    if (x === y) return 0;
    if (typeof x === "number" && typeof y === "number") return (x - y) * sign;
    return String(x).localeCompare(String(y)) * sign;
  });
}

export function pageOf<T>(items: readonly T[], page: number, size: number): T[] {
  return items.slice(page * size, page * size + size);
}

/** The last page that still has rows, so deleting the last row of a page does not leave it empty. */
export function clampPage(page: number, total: number, size: number): number {
  return Math.max(0, Math.min(page, Math.ceil(total / size) - 1));
}
