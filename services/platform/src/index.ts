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
export { backoff } from "./backoff.ts";
export type { Bus, Delivery, Subscription } from "./bus/bus.ts";
export type { BatchConsumerSpec, ConsumerSpec } from "./bus/consume.ts";
export { type DecodedEvent, decodeEnvelope, decodeEvent, encodeEvent } from "./bus/events.ts";
export { MemoryBus } from "./bus/memory-bus.ts";
export { NatsBus } from "./bus/nats-bus.ts";
export { Outbox } from "./bus/outbox.ts";
export { clusterTemplate } from "./db/cluster-template.ts";
export { openServiceDatabase, type ServiceDatabase } from "./db/database.ts";
export { type EmbeddedPostgres, startEmbeddedPostgres } from "./db/embedded.ts";
export { pgConfig } from "./db/in-process.ts";
export { makeMigratedTemplate } from "./db/migrated-template.ts";
export { isRetryable, retryingTransaction } from "./db/retry.ts";
export { persistentSecret } from "./db/secrets.ts";
export type { AnyDb, AnyTrx, PlatformTables } from "./db/types.ts";
export { type EntryDate, normaliseEntryDate } from "./entry-date.ts";
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
export type { AnyServiceModule, ServiceContext, ServiceInstance, ServiceModule } from "./host/module.ts";
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
export { ISRAEL_TZ, type IsraelClock, israelClock, israelTime } from "./israel-time.ts";
export { createLogger, type Logger } from "./logger.ts";
export {
  fetchPublic,
  ipv6Words,
  isPrivateAddress,
  type PublicFetchOptions,
  publicLookup,
  RefusedAddressError,
  refusedUrl,
} from "./public-fetch.ts";
export {
  envNameOf,
  loadSettings,
  ownSettings,
  SERVICE_NAMES,
  type ServiceName,
  type Settings,
  SettingsError,
  type SettingsSchema,
  setting,
} from "./settings.ts";
