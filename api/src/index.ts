// The /api contract, one package for the gateway (which answers in these shapes and generates its
// OpenAPI document from them) and the SPA (which imports the types, and the messages its forms show).
import { accessRoutes } from "./access.ts";
import { adminRoutes } from "./admin.ts";
import { assetRoutes } from "./assets.ts";
import { botRoutes } from "./bots.ts";
import { chatRoutes } from "./chats.ts";
import type { ApiRoute } from "./contract.ts";
import { notificationRoutes } from "./notifications.ts";
import { authRoutes, userRoutes } from "./users.ts";

export * from "./access.ts";
export * from "./admin.ts";
export * from "./assets.ts";
export * from "./bots.ts";
export * from "./chats.ts";
export * from "./constants.ts";
export * from "./contract.ts";
export { ERROR_MESSAGES_HE, ERROR_PATTERNS_HE, errorMessageIn, warningMessageIn } from "./messages.he.ts";
export * from "./messages.ts";
export * from "./notifications.ts";
export { openApiDocument } from "./openapi.ts";
export * from "./query.ts";
export * from "./users.ts";

/** Every /api route of the contract. */
export const apiRoutes: readonly ApiRoute[] = [
  authRoutes,
  userRoutes,
  accessRoutes,
  botRoutes,
  chatRoutes,
  assetRoutes,
  notificationRoutes,
  adminRoutes,
].flatMap((group) => Object.values(group));
