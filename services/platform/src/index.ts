export {
  type CatalogueEntry,
  type EventCatalogue,
  recordingBus,
  sortedCatalogue,
} from "./access/catalogue.ts";
export {
  type NatsPermissions,
  natsAuthorization,
  natsPasswordVar,
  natsPermissions,
} from "./access/nats-users.ts";
export { derivedPassword, provisionRoles, roleOf } from "./access/pg-roles.ts";
export type { Bus, Delivery, Subscription } from "./bus/bus.ts";
export type { BatchConsumerSpec, ConsumerSpec } from "./bus/consume.ts";
export { type DecodedEvent, decodeEnvelope, decodeEvent, encodeEvent, subjectOf } from "./bus/events.ts";
export type { Outbox } from "./bus/outbox.ts";
export { persistentSecret } from "./db/secrets.ts";
export { AppError, ERROR_CODES, type ErrorCode, toAppError } from "./errors.ts";
export { callersOf, RPC_CALLERS } from "./host/callers.ts";
export { remoteTransport } from "./host/clients.ts";
export type { HealthState } from "./host/health.ts";
export {
  type GatewayContext,
  type GatewayFactory,
  type GatewayInstance,
  type LaunchOptions,
  launch,
  type Running,
} from "./host/launch.ts";
export type { ServiceContext, ServiceInstance, ServiceModule } from "./host/module.ts";
export type { NodeHandler } from "./host/server.ts";
export { keysFor, ServiceKeys } from "./host/service-keys.ts";
export {
  type Actor,
  actorOf,
  asActor,
  type CallerOf,
  callerOf,
  maybeActor,
  ServiceTrust,
} from "./host/trust.ts";
export {
  isLocale,
  isolate,
  joinPlaces,
  LOCALES,
  type Locale,
  localeFromHeader,
  localeOr,
  shekels,
} from "./i18n/locale.ts";
export { createLogger, type Logger } from "./logger.ts";
export {
  envNameOf,
  loadSettings,
  SERVICE_NAMES,
  type ServiceName,
  type Settings,
  SettingsError,
} from "./settings.ts";
