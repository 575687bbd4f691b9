// The /api contract, one package for the gateway (which answers in these shapes and generates its
// OpenAPI document from them) and the SPA (which imports the types, and the messages its forms show).
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
export type * from "./pages.ts";
export * from "./price-band.ts";
export * from "./query.ts";
export { apiRoutes } from "./routes.ts";
export type * from "./socket.ts";
export * from "./users.ts";
