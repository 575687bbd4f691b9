import { accessRoutes } from "./access.ts";
import { adminRoutes } from "./admin.ts";
import { assetRoutes } from "./assets.ts";
import { botRoutes, inviteRoutes } from "./bots.ts";
import { chatRoutes } from "./chats.ts";
import type { ApiRoute } from "./contract.ts";
import { notificationRoutes } from "./notifications.ts";
import { priceBandRoutes } from "./price-band.ts";
import { authRoutes, userRoutes } from "./users.ts";

/** The route table by group: each route's group and key name its OpenAPI operation. */
const groups: Record<string, Record<string, ApiRoute>> = {
  auth: authRoutes,
  users: userRoutes,
  access: accessRoutes,
  bots: botRoutes,
  invites: inviteRoutes,
  chats: chatRoutes,
  assets: assetRoutes,
  priceBand: priceBandRoutes,
  notifications: notificationRoutes,
  admin: adminRoutes,
};

/** Every /api route of the contract. */
export const apiRoutes: readonly ApiRoute[] = Object.values(groups).flatMap((group) => Object.values(group));

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const operationIds = new Map<ApiRoute, string>(
  Object.entries(groups).flatMap(([group, routes]) =>
    Object.entries(routes).map(([key, r]) => [r, key === group ? key : group + capital(key)]),
  ),
);

/**
 * A route's operationId: `botsCreate` for `botRoutes.create`, so clients generated from the
 * document keep their names while paths change; a route outside the table (the scrapers' checks)
 * is named by its method and path (`headYad2ScraperStatus`).
 */
export function operationIdOf(r: ApiRoute): string {
  const named = operationIds.get(r);
  if (named) return named;
  const words = r.path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return r.method + words.map(capital).join("");
}
