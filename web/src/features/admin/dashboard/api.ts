import type { Counts, UserCounts } from "@dirabot/api";
import { api } from "../../../lib/api.ts";

// The dashboard's counts (users: count, banned, new in a day; bots and assets: count, new in a day): three calls made in parallel.

export type { Counts as NewCount, UserCounts as UsersCount } from "@dirabot/api";

export const countUsers = () => api.get<UserCounts>("/api/users/count");
/** Every user's bots for an admin. */
export const countBots = () => api.get<Counts>("/api/requests/count");
export const countAssets = () => api.get<Counts>("/api/assets/count");

export const dashboardKey = ["admin", "dashboard"] as const;
